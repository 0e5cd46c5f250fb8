import {
  ACCOUNT_HOME_PATH,
  type Locale,
  type SavedOrder,
  type SignupState,
} from '@coparent/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { BackButton } from '@/components/back-button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { StepIndicator } from '@/components/step-indicator';
import { SupportCall } from '@/components/support-call';
import { signupCheckoutCalls } from '@/features/checkout/api/signup-calls';
import {
  savedOrderPricingBody,
  savedOrderPricingQueryOptions,
} from '@/features/checkout/api/signup-order-pricing';
import {
  type CheckoutSession,
  CheckoutSessionProvider,
} from '@/features/checkout/checkout-session';
import { signupFlowId, useCheckoutStore } from '@/features/checkout/checkout-store';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import {
  PostedCheckoutPage,
  type PostedCheckoutPageProps,
} from '@/features/checkout/components/posted-checkout-page';
import { TabPaymentSteps } from '@/features/checkout/components/tab-payment-steps';
import { useEnterCheckout } from '@/features/checkout/hooks/use-enter-checkout';
import { useSummaryRenderer } from '@/features/checkout/hooks/use-summary-renderer';
import { storeSignupPayment } from '@/features/checkout/signup-payment';
import { useCurrentSignup } from '@/features/join/api/get-signup';
import { DuplicateRedirect } from '@/features/join/components/duplicate-redirect';
import { useStartAgain } from '@/features/join/hooks/use-start-again';
import type { DuplicateLocationState } from '@/features/join/hooks/use-submit-step-one';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import { LoadError } from '@/features/packages/components/load-error';
import { useOfferedPackages } from '@/features/packages/hooks/use-offered-packages';
import { signupPricingCriteria } from '@/features/packages/server-queries';
import { fullPage } from '@/lib/full-page';
import { useServerSignup, useWrittenSignup } from '@/lib/server-signup';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { useFunnelStore, useSignupKey } from '@/stores/funnel-store';
import type { StepThreeLocationState } from '../location-state';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/**
 * /payment: as the server wrote it with the browser's signup (its forms post without a script)
 * until the app has the page, then the tab's own checkout.
 */
export function PaymentRoute() {
  const serverSignup = useServerSignup();
  // Kept here: the tab's page mounts only once the app has the page, too late to know it.
  const writtenSignup = useWrittenSignup();
  const order = serverSignup?.order;
  if (serverSignup && order) return <PostedPayment signup={serverSignup} order={order} />;
  return <TabPaymentPage writtenSignup={writtenSignup} />;
}

/** The signup's side of the posted page: what the join's /payment is written with. */
function signupPostedCheckout(signup: SignupState, order: SavedOrder, locale: Locale) {
  return {
    path: '/payment',
    parent: {
      firstName: signup.parent.firstName,
      lastName: signup.parent.lastName,
      email: signup.parent.email ?? '',
      phoneCountryCode: signup.parent.phoneCountryCode ?? undefined,
      phoneNumber: signup.parent.phoneNumber ?? undefined,
    },
    savedBilling: signup.billing,
    pricing: savedOrderPricingQueryOptions(signup, savedOrderPricingBody(signup, order), locale),
    showReferral: true,
    packagesPath: '/step3',
    emailChangePath: '/step1',
    // One indicator: the payment views are step 4's sub-steps.
    joinSteps: (paymentSteps) => (
      <StepIndicator currentStep={4} lastCompletedStep={signup.lastCompletedStep}>
        {paymentSteps}
      </StepIndicator>
    ),
  } satisfies Omit<
    PostedCheckoutPageProps,
    'order' | 'pkg' | 'pricingCountry' | 'packagesFailed' | 'onRetry'
  >;
}

/** The page the server wrote: its forms post to the server until the app has the page. */
function PostedPayment({ signup, order }: { signup: SignupState; order: SavedOrder }) {
  const offered = useOfferedPackages(signupPricingCriteria(signup));
  const locale = useLocale();
  return (
    <>
      <PostedCheckoutPage
        {...signupPostedCheckout(signup, order, locale)}
        order={order}
        pkg={offered.packages?.find((p) => p.id === order.packageId)}
        pricingCountry={offered.group?.country}
        packagesFailed={Boolean(offered.error)}
        onRetry={offered.retry}
      />
      <p className={styles.support}>
        <SupportCall />
      </p>
    </>
  );
}

/**
 * The payment page in the tab: guarded by RequireStep 4 (fewer than 3 steps → /step{n}); a
 * confirmed duplicate parent goes to /duplicate; a paid signup goes on to credentials or the
 * receipt; the price failing goes back to /step3. A spinner shows until the saved package is read
 * (right after a package save, its answer is; on the page the server wrote, the signup it was
 * written with: no spinner).
 * The route hands the funnel's signup-bound calls and ways out to the checkout feature.
 */
function TabPaymentPage({ writtenSignup }: { writtenSignup: SignupState | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startAgain = useStartAgain();
  const lastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const signupKey = useSignupKey();
  const stepOne = useFunnelStore((s) => s.stepOneValues);
  const paymentCodes = useFunnelStore((s) => s.paymentCodes);
  const billingCountry = useFunnelStore((s) => s.billingCountry);
  const isDuplicateParent = useFunnelStore((s) => s.parentDuplicateConfirmed);
  const isCoParentDuplicate = useFunnelStore((s) => s.coParentDuplicateConfirmed);
  const { signup, current } = useCurrentSignup(signupKey, writtenSignup);
  const offered = useOfferedPackages(
    phonePricingCriteria(stepOne?.countryCode, stepOne?.phoneNumber, billingCountry),
  );
  const order = current?.order ?? undefined;
  const pkg = order ? offered.packages?.find((p) => p.id === order.packageId) : undefined;

  const hasEntered = useEnterCheckout(signupKey ? signupFlowId(signupKey.signupId) : undefined);

  const parentName = stepOne?.firstName ?? current?.parent.firstName;
  const parentEmail = stepOne?.email ?? current?.parent.email ?? undefined;
  const session = useMemo<CheckoutSession | undefined>(() => {
    if (!signupKey || !current) return undefined;
    const duplicateState: DuplicateLocationState = {
      ...(parentName ? { name: parentName } : {}),
      ...(parentEmail ? { email: parentEmail } : {}),
    };
    return {
      flowId: signupFlowId(signupKey.signupId),
      calls: signupCheckoutCalls({
        ...signupKey,
        parentDuplicateConfirmed: isDuplicateParent,
        coParentDuplicateConfirmed: isCoParentDuplicate,
      }),
      isInvited: false,
      showReferral: true,
      canPayForCoParent: true,
      parent: {
        firstName: current.parent.firstName,
        lastName: current.parent.lastName,
        email: current.parent.email ?? stepOne?.email ?? '',
        phoneCountryCode: current.parent.phoneCountryCode ?? stepOne?.countryCode,
        phoneNumber: current.parent.phoneNumber ?? stepOne?.phoneNumber,
      },
      defaultCountry: billingCountry ?? offered.group?.country ?? undefined,
      paymentCodes,
      onPaymentCodesChange: (codes) => useFunnelStore.getState().setPaymentCodes(codes),
      onSessionGone: () => {
        useCheckoutStore.getState().reset();
        startAgain();
      },
      onDuplicateParent: () => navigate('/duplicate', { state: duplicateState }),
      onChoosePackageAgain: () => {
        useFunnelStore.getState().clearPackageChoice();
        navigate('/step3');
      },
      onPricingFailed: () => {
        const state: StepThreeLocationState = { pricingFailed: true };
        navigate('/step3', { state, replace: true });
      },
      onBillingCountrySaved: (country) => useFunnelStore.getState().setBillingCountry(country),
      onPaid: (answer) => {
        const credentials = storeSignupPayment(answer);
        if (credentials) navigate('/credentials', { state: credentials });
        else navigate('/receipt');
      },
    };
  }, [
    signupKey,
    current,
    stepOne,
    parentName,
    parentEmail,
    billingCountry,
    offered.group?.country,
    paymentCodes,
    isDuplicateParent,
    isCoParentDuplicate,
    navigate,
    startAgain,
  ]);

  const renderSummary = useSummaryRenderer(pkg, order);

  const hasError = Boolean(offered.error) || (signup.isError && !current);
  const isReady = Boolean(session && order && renderSummary && hasEntered);
  // The checkout page names its view in the title once it shows.
  useDocumentTitle(t('paymentStep.title'), hasError, !isReady || hasError);

  // A confirmed duplicate parent goes to /duplicate with their name and email.
  if (isDuplicateParent) return <DuplicateRedirect name={parentName} email={parentEmail} />;
  // Paid already (a reload after paying, another tab): on to what is left.
  if (current?.paid) return <AfterPayment />;
  // The server has no complete choice (another tab changed it): choose again.
  if (current && !order) return <Navigate to="/step3" replace />;

  return (
    <>
      {/* One indicator: the payment views are step 4's sub-steps once the checkout shows. */}
      <StepIndicator currentStep={4} lastCompletedStep={lastCompletedStep}>
        {isReady && !hasError ? <TabPaymentSteps /> : null}
      </StepIndicator>
      <PageHeading>{t('paymentStep.title')}</PageHeading>
      {hasError ? (
        <LoadError
          onRetry={() => {
            offered.retry();
            void signup.refetch();
          }}
        >
          <SupportCall />
        </LoadError>
      ) : !isReady || !session || !order || !renderSummary ? (
        <Spinner label={t('paymentStep.loading')} />
      ) : (
        <CheckoutSessionProvider value={session}>
          <CheckoutPage
            order={order}
            savedBilling={current?.billing}
            renderSummary={renderSummary}
            emailChangePath="/step1"
            hasPageProgress
            backToPackages={<BackButton to="/step3" label={t('checkout.billing.back')} />}
          />
        </CheckoutSessionProvider>
      )}
      <p className={styles.support}>
        <SupportCall />
      </p>
    </>
  );
}

/** A paid signup: credentials if they are still to be set in this tab, else the receipt. */
function AfterPayment() {
  const credentials = useCheckoutStore((s) => s.credentials);
  const result = useCheckoutStore((s) => s.result);
  const hasSetCredentials = useCheckoutStore((s) => s.hasSetCredentials);
  const isOtherTab = !result;
  useEffect(() => {
    if (isOtherTab) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [isOtherTab]);
  if (credentials && !hasSetCredentials) {
    return (
      <Navigate
        to="/credentials"
        replace
        state={{ credentialsToken: credentials.token, userId: credentials.userId }}
      />
    );
  }
  if (result) return <Navigate to="/receipt" replace />;
  return <Spinner />;
}
