import {
  ACCOUNT_HOME_PATH,
  EXPERIMENTS,
  INVITE_PATHS,
  type InvitedContext,
  isInviteAuthFailure,
  isTreatment,
} from '@coparent/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useInvitedContext } from '@/api/get-invited-context';
import { buttonClassName } from '@/components/button';
import { FamilyMemberList } from '@/components/family-member-list';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import invite from '@/features/invite/components/invite.module.css';
import { InviteCompleted } from '@/features/invite/components/invite-completed';
import { InviteFaq } from '@/features/invite/components/invite-faq';
import { SocialProof } from '@/features/invite/components/social-proof';
import { useInviteToken } from '@/features/invite/hooks/use-invite-token';
import { savePreselectedPackage } from '@/features/invite/invite-drafts';
import { isInviteCompleted } from '@/features/invite/invite-errors';
import { identify, track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { useFlag } from '@/lib/flags';
import { fullPage } from '@/lib/full-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** Parent A paid for the co-parent and the billing address is known: only credentials are left. */
function needsOnlyCredentials(context: InvitedContext): boolean {
  return (
    context.isSubscriptionCurrent && context.billingAddressComplete && context.requireCredentials
  );
}

/**
 * /invite: the invited co-parent's welcome. The token of the
 * link is stored and removed from the address bar; without any token, account home; the link of
 * someone who already has credentials, "You're all set"; an expired or invalid invite (403 or
 * 112), /invite/request; a paid subscription with its billing address and
 * no credentials yet, /invite/credentials. The co-parent package of a paid subscription is kept as
 * the preselection /invite/packages marks. The social-proof experiment's treatment adds a picture
 * beside the content on wide screens.
 */
export function InviteRoute() {
  const { t } = useTranslation();
  const token = useInviteToken();
  const context = useInvitedContext(token);
  // A completed invite's screen names itself.
  useDocumentTitle(t('invite.welcome.title'), false, !isInviteCompleted(context.error));
  const hasSocialProof = isTreatment(useFlag(EXPERIMENTS.socialProof));

  useEffect(() => {
    if (!token) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [token]);

  const loaded = context.data;
  useEffect(() => {
    if (loaded?.isSubscriptionCurrent && loaded.coparentPackageId !== null) {
      savePreselectedPackage(loaded.userId, loaded.coparentPackageId);
    }
  }, [loaded]);

  // The invited co-parent is Parent B: their later events carry their user id.
  const invitedUserId = loaded?.userId;
  useEffect(() => {
    if (!invitedUserId) return;
    identify(invitedUserId, { accountType: 'Parent B' });
    track('Invite Viewed', { accountType: 'Parent B' });
  }, [invitedUserId]);

  if (!token) return null;
  if (context.isError) {
    if (isInviteCompleted(context.error)) return <InviteCompleted />;
    if (isApiError(context.error) && isInviteAuthFailure(context.error.status)) {
      return <Navigate to={INVITE_PATHS.request} replace />;
    }
  }
  if (loaded && needsOnlyCredentials(loaded)) {
    return <Navigate to={INVITE_PATHS.credentials} replace />;
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
        ) : pro ? (
          <p className={invite.paid}>{t('invite.welcome.proCovered', { pro })}</p>
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

  const content = (
    <div className={styles.content}>
      <PageHeading>{t('invite.welcome.title')}</PageHeading>
      {body}
    </div>
  );
  if (!hasSocialProof) return content;
  return (
    <div className={invite.withSocialProof}>
      {content}
      <SocialProof />
    </div>
  );
}
