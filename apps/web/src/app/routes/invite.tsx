import { ACCOUNT_HOME_PATH, INVITE_PATHS, isInviteAuthFailure } from '@coparent/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClassName } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { useInvitedContext } from '../../features/invite/api/get-invited-context';
import { FamilyMemberList } from '../../features/invite/components/family-member-list';
import invite from '../../features/invite/components/invite.module.css';
import { InviteFaq } from '../../features/invite/components/invite-faq';
import { useInviteToken } from '../../features/invite/hooks/use-invite-token';
import { GenericError } from '../../features/join/components/generic-error';
import { isApiError } from '../../lib/api-client';
import { fullPage } from '../../lib/full-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './routes.module.css';

/**
 * /invite (spec 001 §2, §4 "Invite welcome"): the invited co-parent's welcome. The token of the
 * link is stored and removed from the address bar; without any token, account home; an expired or
 * invalid invite (403 or 112), /invite/request.
 */
export function InviteRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.welcome.title'));
  const token = useInviteToken();
  const context = useInvitedContext(token);

  useEffect(() => {
    if (!token) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [token]);

  if (!token) return null;
  if (context.isError) {
    if (isApiError(context.error) && isInviteAuthFailure(context.error.status)) {
      return <Navigate to={INVITE_PATHS.request} replace />;
    }
  }

  let body: ReactNode;
  if (context.isPending) {
    body = <Spinner />;
  } else if (context.isError) {
    body = <GenericError />;
  } else {
    const { data } = context;
    const pro =
      data.userCreatedByPro && data.pro ? `${data.pro.firstName} ${data.pro.lastName}` : null;
    body = (
      <>
        <p>{pro ? t('invite.welcome.proInvited', { pro }) : t('invite.welcome.invited')}</p>
        <FamilyMemberList members={data.familyMembers} />
        {data.isSubscriptionCurrent ? (
          <p className={invite.paid}>{t('invite.welcome.paid')}</p>
        ) : null}
        <p>
          <Link to={INVITE_PATHS.step1} className={buttonClassName()}>
            {t('invite.welcome.getStarted')}
          </Link>
        </p>
        <InviteFaq />
      </>
    );
  }

  return (
    <div className={styles.content}>
      <PageHeading>{t('invite.welcome.title')}</PageHeading>
      {body}
    </div>
  );
}
