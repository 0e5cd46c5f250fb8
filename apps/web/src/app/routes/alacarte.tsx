import { type BuildYourOwnValues, EXPERIMENTS, isTreatment, type Package } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { BackButton } from '@/components/back-button';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { StepIndicator } from '@/components/step-indicator';
import { SupportCall } from '@/components/support-call';
import { useSeedSignupPricing } from '@/features/checkout/api/seed-signup-pricing';
import {
  buildYourOwnChoiceOf,
  useBuildYourOwnChoice,
} from '@/features/join/hooks/use-build-your-own-choice';
import { useSubmitBuildYourOwn } from '@/features/join/hooks/use-submit-build-your-own';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import {
  BUILD_YOUR_OWN_FORM_ID,
  BuildYourOwnForm,
} from '@/features/packages/components/build-your-own-form';
import { LoadError } from '@/features/packages/components/load-error';
import packageStyles from '@/features/packages/components/packages.module.css';
import { useOfferedPackages } from '@/features/packages/hooks/use-offered-packages';
import { signupPricingCriteria } from '@/features/packages/server-queries';
import { useFlag } from '@/lib/flags';
import { useServerSignup, useWrittenSignup } from '@/lib/server-signup';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { useFunnelStore } from '@/stores/funnel-store';
import styles from './routes.module.css';

function startingValues(
  draft: BuildYourOwnValues | undefined,
  saved: BuildYourOwnValues | null,
  chosen: Package | undefined,
): BuildYourOwnValues | undefined {
  const values = draft ?? saved ?? undefined;
  if (values) return values;
  if (!chosen) return undefined;
  return {
    subscription: chosen.subscription,
    myfiles: false,
    tonemeter: false,
    unlimitedPayments: false,
    calls: false,
  };
}

/**
 * /alacarte (build your own): reachable with a build-your-own package chosen on /step3. The
 * show-price-in-build-your-own experiment decides the layout: in the treatment the options show
 * their prices and MYFILES and CALLSBASIC are free; in control only the total shows a price.
 */
export function AlaCarteRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('alacarte.title'));
  const locale = useLocale();
  const arm = useFlag(EXPERIMENTS.showPriceInBuildYourOwn);
  // A page the server wrote with the browser's signup reads it until the app has the page.
  const serverSignup = useServerSignup();
  const writtenSignup = useWrittenSignup();
  const storedLastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const lastCompletedStep = serverSignup?.lastCompletedStep ?? storedLastCompletedStep;
  const stepOne = useFunnelStore((s) => s.stepOneValues);
  const storedDraft = useFunnelStore((s) => s.buildYourOwnValues);
  const draft = serverSignup ? undefined : storedDraft;
  const setDraft = useFunnelStore((s) => s.setBuildYourOwnValues);
  const storedChoice = useBuildYourOwnChoice(writtenSignup);
  const choice = serverSignup ? buildYourOwnChoiceOf(serverSignup) : storedChoice;
  const offered = useOfferedPackages(
    serverSignup
      ? signupPricingCriteria(serverSignup)
      : phonePricingCriteria(stepOne?.countryCode, stepOne?.phoneNumber),
  );
  // The save's price is /payment's first (one round trip fewer).
  const seedPricing = useSeedSignupPricing();
  const { submit, isSubmitting, hasProblem } = useSubmitBuildYourOwn({ onPriced: seedPricing });

  if (choice.status === 'none') return <Navigate to="/step3" replace />;

  const byoPackages = (offered.packages ?? []).filter((pkg) => pkg.buildYourOwn);
  const chosen =
    choice.status === 'ready' ? byoPackages.find((pkg) => pkg.id === choice.packageId) : undefined;
  const values = startingValues(
    draft,
    choice.status === 'ready' ? choice.savedValues : null,
    chosen ?? byoPackages[0],
  );

  let body: ReactNode;
  if (offered.error) {
    body = (
      <LoadError onRetry={offered.retry}>
        <SupportCall />
      </LoadError>
    );
  } else if (choice.status === 'loading' || offered.isLoading || !offered.packages) {
    body = <Spinner label={t('alacarte.loading')} />;
  } else if (byoPackages.length === 0 || !values) {
    // The visitor's group has no build-your-own package (their phone's country changed).
    return <Navigate to="/step3" replace />;
  } else {
    body = (
      <BuildYourOwnForm
        packages={byoPackages}
        values={values}
        onChange={setDraft}
        onSubmit={(submitted, pkg) => void submit(submitted, pkg)}
        isTreatment={isTreatment(arm)}
        locale={locale}
        country={offered.group?.country}
        isSubmitting={isSubmitting}
        action={`${JOIN_BASENAME}/alacarte`}
      />
    );
  }

  return (
    <>
      <StepIndicator currentStep={3} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('alacarte.title')}</PageHeading>
      <p className={packageStyles.intro}>{t('alacarte.intro')}</p>
      {hasProblem ? <GenericError retry={{ formId: BUILD_YOUR_OWN_FORM_ID }} /> : null}
      {body}
      <div className={styles.actions}>
        <BackButton to="/step3" worksWithoutScript />
      </div>
    </>
  );
}
