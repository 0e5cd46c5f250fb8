import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireLogin } from '../session/require-login';
import styles from './change-email.module.css';
import { useChangeAccountEmail } from './change-email-api';
import { ChangeEmailForm } from './change-email-form';

/**
 * /app/account/email: the logged-in person's email change (the new address and the current
 * password). Once done, the confirmation takes focus and says the old address was told.
 */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('accountEmail.title'), hasErrors);
  return (
    <div className={styles.content}>
      <PageHeading>{t('accountEmail.title')}</PageHeading>
      <RequireLogin>
        {(session) => <ChangeEmail current={session.email} onErrorsChange={setHasErrors} />}
      </RequireLogin>
    </div>
  );
}

function ChangeEmail({
  current,
  onErrorsChange,
}: {
  current: string | null;
  onErrorsChange: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeAccountEmail();
  const doneRef = useRef<HTMLDivElement>(null);
  const changedTo = change.data?.email;

  useEffect(() => {
    if (changedTo) doneRef.current?.focus();
  }, [changedTo]);

  if (changedTo) {
    return (
      <div ref={doneRef} tabIndex={-1} className={styles.done}>
        <AlertBanner tone="success">
          <p>{t('accountEmail.done', { email: changedTo })}</p>
        </AlertBanner>
        <p>
          <Link to="/">{t('accountEmail.back')}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p>{t('accountEmail.intro')}</p>
      <p className={styles.current}>
        {t('accountEmail.current')}: <strong>{current ?? t('accountEmail.none')}</strong>
      </p>
      <ChangeEmailForm
        onChange={async (values) => {
          await change.mutateAsync(values);
        }}
        onErrorsChange={onErrorsChange}
      />
    </>
  );
}
