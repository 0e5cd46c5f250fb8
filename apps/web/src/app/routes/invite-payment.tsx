import {
  INVITE_PATHS,
  type InvitedContext,
  type InvitedUser,
  invitePaymentRedirect,
  isPhoneCodeId,
  type SavedOrder,
} from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BackButton } from '@/components/back-button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { CheckoutSessionProvider } from '@/features/checkout/checkout-session';
import { inviteFlowId } from '@/features/checkout/checkout-store';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { PostedCheckoutPage } from '@/features/checkout/components/posted-checkout-page';
import { useEnterCheckout } from '@/features/checkout/hooks/use-enter-checkout';
import { useSummaryRenderer } from '@/features/checkout/hooks/use-summary-renderer';
import { invitedSavedBilling } from '@/features/checkout/invited/invited-billing';
import {
  invitedOrderPricingBody,
  invitedOrderPricingQueryOptions,
} from '@/features/checkout/invited/invited-order-pricing';
import { useInviteCheckoutSession } from '@/features/checkout/invited/use-invite-checkout-session';
import { useInvitedUser } from '@/features/invite/api/get-invited-user';
import { InviteGate } from '@/features/invite/components/invite-gate';
import { useWrittenInviteToken } from '@/features/invite/hooks/use-written-invite-token';
import { isInviteAuthError } from '@/features/invite/invite-errors';
import { usePackages } from '@/features/packages/api/get-packages';
import { LoadError } from '@/features/packages/components/load-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { useLocale } from '@/lib/use-locale';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

function InvitePayment({ token, context }: { token: string; context: InvitedContext }) {
  const user = useInvitedUser(token, context.userId);
  // A page the server wrote has the user as the server read it for this very page.
  const isWritten = useWrittenInviteToken() !== null;
  const written = isWritten ? user.data : undefined;
  // Until the app has the page, the server's: its forms post without a script.
  if (!useHydrated() && written?.order) {
    return (
      <PostedInvitePayment token={token} context={context} user={written} order={written.order} />
    );
  }
  return <TabInvitePayment token={token} context={context} isWritten={isWritten} />;
}

/** The page the server wrote: the three views posting to it (the sandbox card in a field). */
function PostedInvitePayment({
  token,
  context,
  user,
  order,
}: {
  token: string;
  context: InvitedContext;
  user: InvitedUser;
  order: SavedOrder;
}) {
  const locale = useLocale();
  const country = user.address.country ?? context.address.country;
  const packages = usePackages([order.packageId], country, locale);
  const phoneCountryCode = isPhoneCodeId(user.phoneCountryCode) ? user.phoneCountryCode : undefined;
  return (
    <PostedCheckoutPage
      path={INVITE_PATHS.payment}
      parent={{
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email ?? '',
        phoneCountryCode,
        phoneNumber: user.phoneNumber ?? undefined,
      }}
      savedBilling={invitedSavedBilling(user)}
      order={order}
      pricing={invitedOrderPricingQueryOptions(
        { token, userId: user.userId },
        invitedOrderPricingBody(user, order),
        locale,
      )}
      showReferral={false}
      packagesPath={INVITE_PATHS.packages}
      emailChangePath={INVITE_PATHS.step1}
      pkg={packages.data?.packages.find((p) => p.id === order.packageId)}
      pricingCountry={country}
      packagesFailed={packages.isError}
      onRetry={() => void packages.refetch()}
    />
  );
}

function TabInvitePayment({
  token,
  context,
  isWritten,
}: {
  token: string;
  context: InvitedContext;
  isWritten: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useInvitedUser(token, context.userId);
  // Only an answer read for this screen counts (a cached copy may predate the package choice),
  // or the one the server read for the page it wrote.
  const current = user.isFetchedAfterMount || isWritten ? user.data : undefined;
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
 * successful payment hands its result to /invite/credentials. Written by the server from the
 * invite's cookie, its three views post there without a script (the sandbox card in a field).
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
