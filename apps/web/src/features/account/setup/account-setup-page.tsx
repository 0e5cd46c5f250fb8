import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvitedContext } from '@/api/get-invited-context';
import { PageHeading } from '@/components/page-heading';
import { QueryResult } from '@/components/query-result';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { readInviteToken } from '@/stores/invite-token';
import styles from './account-setup.module.css';
import { INVITE_REQUEST_HREF, type SetupTask, setupTasks } from './setup-tasks';

/**
 * What an invited co-parent who skipped a step still has to do. The invite token of this
 * tab (session storage, from the invitation link) says who they are; without one, or with an
 * expired one, the setup can only continue from the invitation email.
 */
export function AccountSetupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accountSetup.title'));
  const [token] = useState(readInviteToken);
  const context = useInvitedContext(token);

  let body: ReactNode;
  if (!token || (isApiError(context.error) && context.error.status === 403)) {
    body = <NoInvite />;
  } else {
    body = (
      <QueryResult query={context} messages="accountSetup">
        {(data) => <SetupChecklist tasks={setupTasks(data)} />}
      </QueryResult>
    );
  }

  return (
    <div className={styles.content}>
      <PageHeading>{t('accountSetup.title')}</PageHeading>
      {body}
    </div>
  );
}

function SetupChecklist({ tasks }: { tasks: SetupTask[] }) {
  const { t } = useTranslation();
  const allDone = tasks.every((task) => task.isDone);
  return (
    <>
      <p className={styles.intro}>
        {allDone ? t('accountSetup.allDone') : t('accountSetup.intro')}
      </p>
      <ul className={styles.tasks}>
        {tasks.map((task) => (
          <li key={task.id} className={styles.task}>
            <span className={styles.taskText}>
              {task.isDone ? (
                t(`accountSetup.tasks.${task.id}`)
              ) : (
                <a href={task.href}>{t(`accountSetup.tasks.${task.id}`)}</a>
              )}
              {task.id === 'terms' && !task.isDone ? (
                <span className={styles.taskHint}>{t('accountSetup.termsHint')}</span>
              ) : null}
            </span>
            <span className={[styles.status, task.isDone ? styles.done : styles.todo].join(' ')}>
              {task.isDone ? t('accountSetup.done') : t('accountSetup.todo')}
            </span>
          </li>
        ))}
      </ul>
      {allDone ? (
        <p className={styles.links}>
          <Link to="/login">{t('accountSetup.login')}</Link>
        </p>
      ) : null}
    </>
  );
}

function NoInvite() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('accountSetup.noInvite.text')}</p>
      <p>{t('accountSetup.noInvite.expired')}</p>
      <div className={styles.links}>
        <a href={INVITE_REQUEST_HREF}>{t('accountSetup.noInvite.request')}</a>
        <p>
          {t('accountSetup.noInvite.finished')} <Link to="/login">{t('accountSetup.login')}</Link>
        </p>
      </div>
    </>
  );
}
