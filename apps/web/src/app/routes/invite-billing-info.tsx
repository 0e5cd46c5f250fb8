import { INVITE_PATHS, type InvitedContext, inviteBillingInfoRedirect } from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { BackButton } from '@/components/back-button';
import { ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { CheckoutSessionProvider } from '@/features/checkout/checkout-session';
import { inviteFlowId } from '@/features/checkout/checkout-store';
import { BillingOnlyForm } from '@/features/checkout/components/billing-only-form';
import { useEnterCheckout } from '@/features/checkout/hooks/use-enter-checkout';
import { invitedSavedBilling } from '@/features/checkout/invited/invited-billing';
import { useInviteCheckoutSession } from '@/features/checkout/invited/use-invite-checkout-session';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteGate } from '@/features/invite/components/invite-gate';
import { useWrittenInviteToken } from '@/features/invite/hooks/use-written-invite-token';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { LoadError } from '@/features/packages/components/load-error';
import { useFormSubmission } from '@/lib/form-submission';
import { useHydrated } from '@/lib/use-hydrated';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

function BillingInfo({ token, context }: { token: string; context: InvitedContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useInvitedUser(token, context.userId);
  // A page the server wrote has the user as the server read it for this page: the form shows at
  // once (and posts without a script); a screen the tab renders reads the user anew.
  const isWritten = useWrittenInviteToken() !== null;
  const isHydrated = useHydrated();
  const submission = useFormSubmission(INVITE_PATHS.billingInfo);
  const current = user.isFetchedAfterMount || isWritten ? user.data : undefined;
  const session = useInviteCheckoutSession({ token, context, user: current });
  // The checkout is entered once the app has the page (an effect); the server's page needs none.
  const hasEntered = useEnterCheckout(inviteFlowId(context.userId)) || !isHydrated;

  const redirect = inviteBillingInfoRedirect(context);
  if (redirect) return <Navigate to={redirect} replace />;
  if (user.isError && isInviteAuthError(user.error)) {
    return <Navigate to={INVITE_PATHS.request} replace />;
  }
  if (user.isError && !current) return <LoadError onRetry={() => void user.refetch()} />;
  if (!session || !current || !hasEntered) return <Spinner />;

  return (
    <CheckoutSessionProvider value={session}>
      <BillingOnlyForm
        title={t('invitePayment.billingInfo.title')}
        saved={invitedSavedBilling(current)}
        submitLabel={t('invitePayment.billingInfo.submit')}
        backButton={
          isWritten ? (
            // Inside the form: a link, which works without a script too.
            <ButtonLink variant="secondary" href={`${JOIN_BASENAME}${INVITE_PATHS.step1}`}>
              <span aria-hidden="true">←</span> {t('invitePayment.backToStep1')}
            </ButtonLink>
          ) : (
            <BackButton to={INVITE_PATHS.step1} label={t('invitePayment.backToStep1')} />
          )
        }
        onSaved={() => {
          // The invited context changed (`billingAddressComplete`).
          void queryClient.invalidateQueries({ queryKey: ['invite'] });
          navigate(INVITE_PATHS.credentials);
        }}
        {...(isWritten
          ? { posting: { action: `${JOIN_BASENAME}${INVITE_PATHS.billingInfo}`, submission } }
          : {})}
      />
    </CheckoutSessionProvider>
  );
}

/**
 * /invite/billing-info: the billing address of an invited user whose subscription
 * is current (Parent A paid for it) but whose billing address is incomplete. The Billing view's
 * form on its own, saved as PARENT + ADDRESS; then /invite/credentials. Written by the server
 * from the invite's cookie, its form posts there without a script.
 */
export function InviteBillingInfoRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('invitePayment.billingInfo.title')}</PageHeading>
      <p className={styles.intro}>{t('invitePayment.billingInfo.intro')}</p>
      <InviteGate>{(invite) => <BillingInfo {...invite} />}</InviteGate>
    </>
  );
}
