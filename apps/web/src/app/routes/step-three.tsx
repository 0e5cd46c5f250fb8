import type { Package } from '@coparent/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { AlertBanner } from '@/components/alert-banner';
import { BackButton } from '@/components/back-button';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { StepIndicator } from '@/components/step-indicator';
import { SupportCall } from '@/components/support-call';
import { useSeedSignupPricing } from '@/features/checkout/api/seed-signup-pricing';
import { DuplicateRedirect } from '@/features/join/components/duplicate-redirect';
import { useChoosePackage } from '@/features/join/hooks/use-choose-package';
import { useCoupons } from '@/features/packages/api/get-coupons';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import { LoadError } from '@/features/packages/components/load-error';
import { PackageList } from '@/features/packages/components/package-list';
import packageStyles from '@/features/packages/components/packages.module.css';
import { SubscriptionCodeBox } from '@/features/packages/components/subscription-code-box';
import { useOfferedPackages } from '@/features/packages/hooks/use-offered-packages';
import { usePackageBypass } from '@/features/packages/hooks/use-package-bypass';
import { useSubscriptionCode } from '@/features/packages/hooks/use-subscription-code';
import { signupPricingCriteria } from '@/features/packages/server-queries';
import { useServerSignup } from '@/lib/server-signup';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { useRepeatable } from '@/lib/use-repeatable';
import { useFunnelStore, useSignupKey } from '@/stores/funnel-store';
import type { StepThreeLocationState } from '../location-state';
import styles from './routes.module.css';

/** The page (and, without a script, where a card's "Choose" posts: the server saves it). */
const STEP_THREE_PATH = '/step3';

/**
 * /step3: the packages of the visitor's pricing group (by the step-1 phone) as sorted cards with
 * their coupons, the subscription-code box, and the pricing-page bypass. Choosing saves the
 * PACKAGE section and goes to /payment, or to /alacarte for build-your-own.
 */
export function StepThreeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('stepThree.title'));
  const locale = useLocale();
  // A page the server wrote with the browser's signup reads it until the app has the page.
  const serverSignup = useServerSignup();
  const storedLastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const lastCompletedStep = serverSignup?.lastCompletedStep ?? storedLastCompletedStep;
  const storedKey = useSignupKey();
  const signupKey = serverSignup ? { signupId: serverSignup.signupId } : storedKey;
  const stepOne = useFunnelStore((s) => s.stepOneValues);
  const storedPackageId = useFunnelStore((s) => s.packageId);
  const currentPackageId = serverSignup
    ? (serverSignup.order?.packageId ?? serverSignup.pendingBuildYourOwnPackageId ?? undefined)
    : storedPackageId;
  const isDuplicateParent = useFunnelStore((s) => s.parentDuplicateConfirmed);
  const storedCode = useFunnelStore((s) => s.paymentCodes[0]);
  const setPaymentCodes = useFunnelStore((s) => s.setPaymentCodes);
  const billingCountry = useFunnelStore((s) => s.billingCountry);
  const location = useLocation();
  const [hasPricingFailed] = useState(
    () => (location.state as StepThreeLocationState | null)?.pricingFailed === true,
  );

  // Once a billing country is saved on /payment, its packages are the ones offered.
  const offered = useOfferedPackages(
    serverSignup
      ? signupPricingCriteria(serverSignup)
      : phonePricingCriteria(stepOne?.countryCode, stepOne?.phoneNumber, billingCountry),
  );
  const coupons = useCoupons(signupKey, locale);
  // The save's price is /payment's first (one round trip fewer).
  const seedPricing = useSeedSignupPricing();
  const { choose, choosingId, hasProblem, restart } = useChoosePackage({ onPriced: seedPricing });
  // A card's choice has no form: "Try again" repeats the same choice.
  const cardChoice = useRepeatable((pkg: Package) => choose(pkg, 'card'));
  const bypass = usePackageBypass({
    packages: offered.packages,
    choose: (pkg: Package) => choose(pkg, 'pricingPage'),
  });
  const code = useSubscriptionCode({
    signupKey,
    packages: offered.packages,
    storedCode,
    onCodesChange: setPaymentCodes,
    onSignupGone: restart,
  });

  if (isDuplicateParent && offered.group && offered.group.pricingGroupName !== 'P0') {
    return <DuplicateRedirect name={stepOne?.firstName} email={stepOne?.email} />;
  }

  const coveredNames = (offered.packages ?? [])
    .filter((pkg) => code.result?.coverage.has(pkg.id))
    .map((pkg) => pkg.displayName);

  let body: ReactNode;
  if (offered.error) {
    body = (
      <LoadError onRetry={offered.retry}>
        <SupportCall />
      </LoadError>
    );
  } else if (offered.isLoading || !offered.packages) {
    body = <Spinner label={t('packages.loading')} />;
  } else if (bypass === 'selecting') {
    body = <Spinner label={t('packages.bypassSelecting')} />;
  } else {
    body = (
      <>
        <SubscriptionCodeBox
          appliedCode={code.result?.code}
          refusal={code.refusal}
          packageNames={coveredNames}
          fitsEveryPackage={coveredNames.length === offered.packages.length}
          status={code.status}
          isChecking={code.isChecking}
          onApply={(typed) => void code.apply(typed)}
          onRemove={code.remove}
        />
        <PackageList
          packages={offered.packages}
          coupons={coupons.data?.coupons}
          coverage={code.result?.coverage}
          currentPackageId={currentPackageId}
          choosingId={choosingId}
          onChoose={(pkg) => void cardChoice.run(pkg)}
          action={`${JOIN_BASENAME}${STEP_THREE_PATH}`}
        />
      </>
    );
  }

  return (
    <>
      <StepIndicator currentStep={3} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('stepThree.title')}</PageHeading>
      <p className={packageStyles.intro}>{t('packages.intro')}</p>
      {bypass === 'unavailable' ? (
        <AlertBanner tone="info">
          <p>{t('packages.bypassUnavailable')}</p>
        </AlertBanner>
      ) : null}
      {bypass === 'failed' ? (
        <AlertBanner tone="warning">
          <p>{t('packages.bypassFailed')}</p>
        </AlertBanner>
      ) : null}
      {hasPricingFailed ? (
        <AlertBanner tone="warning">
          <p>{t('payment_pricing_error', { ns: 'validation' })}</p>
        </AlertBanner>
      ) : null}
      {hasProblem && bypass !== 'failed' ? (
        <GenericError retry={{ onRetry: cardChoice.repeat }} />
      ) : null}
      <div className={packageStyles.choices}>{body}</div>
      <div className={styles.actions}>
        <BackButton to="/step2" worksWithoutScript />
      </div>
    </>
  );
}
