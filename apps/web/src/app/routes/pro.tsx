import { PRO_ACTIVITY_START_FIELD, PRO_FORM_PATH, PRO_FORM_STEP_FIELD } from '@coparent/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useProLookups } from '@/features/pro/api/get-pro-lookups';
import { PostedProScreen } from '@/features/pro/components/posted-pro-screen';
import { ProCreateError } from '@/features/pro/components/pro-create-error';
import { ProGenericError } from '@/features/pro/components/pro-generic-error';
import { ProStepHeading } from '@/features/pro/components/pro-step-heading';
import { ProStepIndicator } from '@/features/pro/components/pro-step-indicator';
import { ProStepOneForm } from '@/features/pro/components/pro-step-one-form';
import { ProStepThreeForm } from '@/features/pro/components/pro-step-three-form';
import { ProStepTwoForm } from '@/features/pro/components/pro-step-two-form';
import { ProSuccess } from '@/features/pro/components/pro-success';
import { useProFocus } from '@/features/pro/hooks/use-pro-focus';
import { useProRegistration } from '@/features/pro/hooks/use-pro-registration';
import { useProSupportCountry } from '@/features/pro/hooks/use-pro-support-phone';
import { INITIAL_PRO_MACHINE, stepOfPhase } from '@/features/pro/pro-machine';
import { useProStore } from '@/features/pro/pro-store';
import { track } from '@/lib/analytics';
import { useFormSubmission } from '@/lib/form-submission';
import { useAnnounceSupportCountry } from '@/lib/support-country';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** Sets the document title from here only while no form does (a form adds "Error: " itself). */
function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/**
 * When the person opened the form, as its hidden field posts it: on the server, the time it writes
 * the page; in the browser taking that page over, the time written in it.
 */
function useActivityStart(): string {
  const isHydrated = useHydrated();
  const [start] = useState(() => {
    const stored = isHydrated ? useProStore.getState().startedAt : undefined;
    const written =
      !isHydrated && typeof document !== 'undefined'
        ? document.querySelector<HTMLInputElement>(`input[name="${PRO_ACTIVITY_START_FIELD}"]`)
            ?.value
        : undefined;
    return stored ?? written ?? new Date().toISOString();
  });
  return start;
}

/**
 * /pro: the professional registration, three steps on one route. The server writes step 1 (each
 * step's form also posts to it without a script); a page answering such a post stays the server's
 * (`PostedProScreen`). Otherwise the step, the typed values and the server's acceptance of each
 * step live in the pro store (sessionStorage), read once the app has the page.
 */
export function ProRoute() {
  const submission = useFormSubmission(PRO_FORM_PATH);
  // Read once: the page stays the posted one after the app has taken it over.
  const [posted] = useState(submission);
  if (posted) {
    return (
      <div className={styles.content}>
        <PostedProScreen submission={posted} />
      </div>
    );
  }
  return <TabProScreen />;
}

function TabProScreen() {
  const { t } = useTranslation();
  const lookups = useProLookups();
  // The tab's storage is read once the app has the page: the server wrote step 1, as for a new tab.
  const isHydrated = useHydrated();
  const storedPhase = useProStore((s) => s.phase);
  const storedAccepted = useProStore((s) => s.accepted);
  const storedUser = useProStore((s) => s.user);
  const storedForgottenSecrets = useProStore((s) => s.hasForgottenSecrets);
  const phase = isHydrated ? storedPhase : INITIAL_PRO_MACHINE.phase;
  const accepted = isHydrated ? storedAccepted : INITIAL_PRO_MACHINE.accepted;
  const user = isHydrated ? storedUser : undefined;
  const hasForgottenSecrets = isHydrated && storedForgottenSecrets;
  const activityStart = useActivityStart();
  const setStepOne = useProStore((s) => s.setStepOne);
  const setStepTwo = useProStore((s) => s.setStepTwo);
  const setStepThree = useProStore((s) => s.setStepThree);
  const registration = useProRegistration();
  const { pendingErrors } = registration;
  // The footer's support line follows the practice's country.
  useAnnounceSupportCountry(useProSupportCountry());
  const step = stepOfPhase(phase);

  useEffect(() => {
    const store = useProStore.getState();
    if (!store.startedAt) track('Pro Registration Started');
    store.start(activityStart);
  }, [activityStart]);

  useEffect(() => {
    if (phase === 'SUCCESS' && !user) useProStore.getState().reset();
  }, [phase, user]);

  const heading = useRef<HTMLHeadingElement>(null);
  useProFocus(phase, heading, Boolean(pendingErrors));

  const stepName = t(`pro.steps.names.${step}`);
  const caption = t('pro.steps.caption', { number: step });
  const stepTitle = `${caption}: ${stepName} – ${t('pro.title')}`;
  const isBusy = registration.isChecking || registration.isSubmitting;
  const backButton = (
    <Button variant="secondary" onClick={registration.back} disabled={isBusy}>
      <span aria-hidden="true">←</span> {t('common.back')}
    </Button>
  );

  const hiddenFields = {
    [PRO_FORM_STEP_FIELD]: String(step),
    [PRO_ACTIVITY_START_FIELD]: activityStart,
  };
  const needsLookups = phase === 'ONE' || phase === 'TWO';
  let body: ReactNode;
  if (phase === 'SUCCESS' && user) {
    body = <ProSuccess user={user} />;
  } else if (needsLookups && !lookups.data) {
    body = lookups.isError ? (
      <>
        <DocumentTitle title={stepTitle} />
        <ProGenericError onRetry={() => void lookups.refetch()} />
      </>
    ) : (
      <>
        <DocumentTitle title={stepTitle} />
        <Spinner label={t('pro.loading')} />
      </>
    );
  } else if (phase === 'ONE' && lookups.data) {
    body = (
      <ProStepOneForm
        hiddenFields={hiddenFields}
        lookups={lookups.data}
        draft={useProStore.getState().stepOne}
        onDraftChange={setStepOne}
        onSubmit={(values) => registration.continueStep(1, values)}
        isSubmitting={registration.isChecking}
        serverErrors={pendingErrors?.step === 1 ? pendingErrors.errors : undefined}
        documentTitle={stepTitle}
        hasPageError={registration.hasProblem}
      />
    );
  } else if (phase === 'TWO' && lookups.data) {
    body = (
      <ProStepTwoForm
        hiddenFields={hiddenFields}
        lookups={lookups.data}
        draft={useProStore.getState().stepTwo}
        onDraftChange={setStepTwo}
        onSubmit={(values) => registration.continueStep(2, values)}
        isSubmitting={registration.isChecking}
        serverErrors={pendingErrors?.step === 2 ? pendingErrors.errors : undefined}
        documentTitle={stepTitle}
        hasPageError={registration.hasProblem}
        backButton={backButton}
      />
    );
  } else {
    body = (
      <>
        {phase === 'ERROR' ? <ProCreateError /> : null}
        <ProStepThreeForm
          hiddenFields={hiddenFields}
          draft={useProStore.getState().stepThree}
          onDraftChange={setStepThree}
          onSubmit={registration.complete}
          isSubmitting={registration.isSubmitting}
          hasForgottenSecrets={hasForgottenSecrets}
          documentTitle={stepTitle}
          hasPageError={phase === 'ERROR' || registration.hasProblem}
          backButton={backButton}
        />
      </>
    );
  }

  const isSuccess = phase === 'SUCCESS' && user;
  return (
    <div className={styles.content}>
      <PageHeading>{t('pro.title')}</PageHeading>
      {phase === 'ONE' ? <p className={styles.intro}>{t('pro.intro')}</p> : null}
      <ProStepIndicator phase={phase} accepted={accepted} onSelect={registration.goTo} />
      {isSuccess ? (
        <>
          <DocumentTitle
            title={`${t('pro.success.title', { firstName: user.name.firstName })} – ${t('pro.title')}`}
          />
          <ProStepHeading ref={heading}>
            {t('pro.success.title', { firstName: user.name.firstName })}
          </ProStepHeading>
        </>
      ) : (
        <ProStepHeading ref={heading} caption={caption}>
          {stepName}
        </ProStepHeading>
      )}
      {registration.hasProblem ? <ProGenericError onClose={registration.dismissProblem} /> : null}
      {body}
    </div>
  );
}
