import { INVITE_PATHS, type InvitedContext, invitePaymentRedirect } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BackButton } from '@/components/back-button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { CheckoutSessionProvider } from '@/features/checkout/checkout-session';
import { inviteFlowId } from '@/features/checkout/checkout-store';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { useEnterCheckout } from '@/features/checkout/hooks/use-enter-checkout';
import { useSummaryRenderer } from '@/features/checkout/hooks/use-summary-renderer';
import { invitedSavedBilling } from '@/features/checkout/invited/invited-billing';
import { useInviteCheckoutSession } from '@/features/checkout/invited/use-invite-checkout-session';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteGate } from '@/features/invite/components/invite-gate';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { usePackages } from '@/features/packages/api/get-packages';
import { LoadError } from '@/features/packages/components/load-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

function InvitePayment({ token, context }: { token: string; context: InvitedContext }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useInvitedUser(token, context.userId);
  // Only an answer read for this screen counts (a cached copy may predate the package choice).
  const current = user.isFetchedAfterMount ? user.data : undefined;
  const order = current?.order ?? undefined;
  const packages = usePackages(
    order ? [order.packageId] : undefined,
    current?.address.country ?? context.address.country,
    locale,
  );
  const pkg = packages.data?.packages.find((p) => p.id === order?.packageId);
  const renderSummary = useSummaryRenderer(pkg, order);
  const session = useInviteCheckoutSession({ token, context, user: current });
  const hasEntered = useEnterCheckout(inviteFlowId(context.userId));
  const hasError = (user.isError && !current) || packages.isError;
  const isReady = Boolean(session && order && renderSummary && hasEntered);
  // The checkout page names its view in the title once it shows.
  useDocumentTitle(t('paymentStep.title'), hasError, !isReady || hasError);

  // Paid already (by Parent A, or a payment in another tab): on to the credentials.
  if (context.isSubscriptionCurrent) return <Navigate to={INVITE_PATHS.credentials} replace />;
  if (user.isError && isInviteAuthError(user.error)) {
    return <Navigate to={INVITE_PATHS.request} replace />;
  }
  if (current) {
    const redirect = invitePaymentRedirect(current.lastCompletedStep);
    if (redirect) return <Navigate to={redirect} replace />;
    if (!order) return <Navigate to={INVITE_PATHS.packages} replace />;
  }
  if (hasError) {
    return (
      <LoadError
        onRetry={() => {
          void user.refetch();
          void packages.refetch();
        }}
      />
    );
  }
  if (!isReady || !session || !order || !renderSummary || !current) {
    return <Spinner label={t('paymentStep.loading')} />;
  }

  return (
    <CheckoutSessionProvider value={session}>
      <CheckoutPage
        order={order}
        savedBilling={invitedSavedBilling(current)}
        renderSummary={renderSummary}
        emailChangePath={INVITE_PATHS.step1}
        backToPackages={
          <BackButton to={INVITE_PATHS.packages} label={t('checkout.billing.back')} />
        }
      />
    </CheckoutSessionProvider>
  );
}

/**
 * /invite/payment: the payment page in its invited mode. Entry: the invite
 * gate (token, 403/112 → /invite/request), a current subscription → /invite/credentials, fewer
 * than 2 steps done → `invitePaymentRedirect`, no package saved → /invite/packages. Then Billing
 * (prefilled from the invited user, no referral), Payment (no pay-for-co-parent) and Review; a
 * successful payment hands its result to /invite/credentials.
 */
export function InvitePaymentRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('paymentStep.title')}</PageHeading>
      <InviteGate isPaymentScreen>{(invite) => <InvitePayment {...invite} />}</InviteGate>
    </>
  );
}
