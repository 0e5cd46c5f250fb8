import {
  EXPERIMENTS,
  type FamilyFormContext,
  familyFieldsFromForm,
  familyFieldsOfSignup,
  familyFormContextOfSignup,
  isDuplicateCoParentWarning,
  isTreatment,
} from '@coparent/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/components/back-button';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { StepIndicator } from '@/components/step-indicator';
import { DuplicateWarning } from '@/features/join/components/duplicate-warning';
import {
  STEP_TWO_FORM_ID,
  STEP_TWO_PATH,
  StepTwoForm,
} from '@/features/join/components/step-two-form';
import { JOIN_FORM_CHECKS } from '@/features/join/form-checks';
import { type FamilyWarning, useSubmitFamily } from '@/features/join/hooks/use-submit-family';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import { usePrefetchOfferedPackages } from '@/features/packages/hooks/use-prefetch-offered-packages';
import { useFlag } from '@/lib/flags';
import { type FormSubmission, useFormSubmission } from '@/lib/form-submission';
import { useServerSignup } from '@/lib/server-signup';
import { useFormStart } from '@/lib/use-form-start';
import { type StepTwoDraft, useFunnelStore } from '@/stores/funnel-store';
import styles from './routes.module.css';

const familyDraftFromFields = (fields: Record<string, string>) =>
  familyFieldsFromForm(fields) as StepTwoDraft;

/** The co-parent duplicate warning a post without a script was answered with, and its family. */
function submittedWarning(
  submission: FormSubmission | undefined,
  context: FamilyFormContext,
): FamilyWarning | undefined {
  const warning = submission?.errors.find(isDuplicateCoParentWarning);
  if (!submission || !warning) return undefined;
  // The form's checks are in: a page answering a post loads them before it renders.
  const schema = JOIN_FORM_CHECKS[STEP_TWO_PATH].loaded?.familyFormSchema(context);
  const family = schema?.safeParse(familyFieldsFromForm(submission.values));
  return family?.success ? { text: warning.text, values: family.data } : undefined;
}

/** /step2 "Invite your co-parent": the co-parent and the children. */
export function StepTwoRoute() {
  const { t } = useTranslation();
  const submission = useFormSubmission(STEP_TWO_PATH);
  const serverSignup = useServerSignup();
  const start = useFormStart<StepTwoDraft>({
    formId: STEP_TWO_FORM_ID,
    serverValues: submission
      ? familyDraftFromFields(submission.values)
      : serverSignup
        ? (familyFieldsOfSignup(serverSignup) as StepTwoDraft | undefined)
        : undefined,
    isSubmission: submission !== undefined,
    storedDraft: () => useFunnelStore.getState().stepTwoValues,
    fromFields: familyDraftFromFields,
    // The rows may differ: the tab's draft replaces the page only when nothing was typed on it.
    draftForUnchanged: (draft, changed) => (changed.size === 0 ? draft : undefined),
  });
  const setDraft = useFunnelStore((s) => s.setStepTwoValues);
  const storedLastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const lastCompletedStep = serverSignup?.lastCompletedStep ?? storedLastCompletedStep;
  const parentEmail = useFunnelStore((s) => s.stepOneValues?.email);
  const parentCode = useFunnelStore((s) => s.stepOneValues?.countryCode);
  const parentPhone = useFunnelStore((s) => s.stepOneValues?.phoneNumber);
  const knowsCoParentEmail = useFunnelStore((s) => s.stepOneValues?.knowsCoParentEmail);
  const hasEmailSpeedBump = isTreatment(useFlag(EXPERIMENTS.coParentEmailSpeedBump));
  // /step3's packages, while the family is typed: Continue then waits for the save alone.
  const billingCountry = useFunnelStore((s) => s.billingCountry);
  const pricingPhone = serverSignup?.parent ?? {
    phoneCountryCode: parentCode,
    phoneNumber: parentPhone,
  };
  usePrefetchOfferedPackages(
    phonePricingCriteria(
      pricingPhone.phoneCountryCode ?? undefined,
      pricingPhone.phoneNumber ?? undefined,
      billingCountry,
    ),
  );

  const context = useMemo<FamilyFormContext>(
    () =>
      serverSignup
        ? familyFormContextOfSignup(serverSignup)
        : {
            parentEmail: parentEmail ?? '',
            parentPhone:
              parentCode && parentPhone
                ? { countryCode: parentCode, phoneNumber: parentPhone }
                : undefined,
            knowsCoParentEmail: knowsCoParentEmail ?? false,
          },
    [serverSignup, parentEmail, parentCode, parentPhone, knowsCoParentEmail],
  );
  const [firstWarning] = useState(() => submittedWarning(submission, context));
  const { submit, confirmDuplicate, warning, isSubmitting, hasProblem } =
    useSubmitFamily(firstWarning);

  return (
    <>
      <StepIndicator currentStep={2} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('stepTwo.title')}</PageHeading>
      {warning ? (
        <DuplicateWarning
          text={warning}
          onContinue={confirmDuplicate}
          isContinuing={isSubmitting}
          formId={STEP_TWO_FORM_ID}
        />
      ) : null}
      {hasProblem ? <GenericError retry={{ formId: STEP_TWO_FORM_ID }} /> : null}
      <StepTwoForm
        draft={start.values}
        draftForUnchangedFields={start.draftForUnchangedFields as StepTwoDraft | undefined}
        submission={submission}
        context={context}
        onDraftChange={setDraft}
        onSubmit={submit}
        isSubmitting={isSubmitting}
        hasEmailSpeedBump={hasEmailSpeedBump}
      />
      <div className={styles.actions}>
        <BackButton to="/step1" worksWithoutScript />
      </div>
    </>
  );
}
