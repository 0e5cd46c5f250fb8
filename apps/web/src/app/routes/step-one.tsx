import { stepOneFieldsOfSignup } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { StepIndicator } from '@/components/step-indicator';
import {
  STEP_ONE_FORM_ID,
  STEP_ONE_PATH,
  StepOneForm,
  stepOneDraftFromFields,
} from '@/features/join/components/step-one-form';
import { useSubmitStepOne } from '@/features/join/hooks/use-submit-step-one';
import { useFormSubmission } from '@/lib/form-submission';
import { useServerSignup } from '@/lib/server-signup';
import { useFormStart } from '@/lib/use-form-start';
import { type StepOneDraft, useFunnelStore } from '@/stores/funnel-store';

/** /step1 "Create your parent account". */
export function StepOneRoute() {
  const { t } = useTranslation();
  const submission = useFormSubmission(STEP_ONE_PATH);
  const serverSignup = useServerSignup();
  const start = useFormStart({
    formId: STEP_ONE_FORM_ID,
    serverValues: submission
      ? stepOneDraftFromFields(submission.values)
      : serverSignup
        ? (stepOneFieldsOfSignup(serverSignup) as StepOneDraft)
        : undefined,
    isSubmission: submission !== undefined,
    storedDraft: () => useFunnelStore.getState().stepOneValues,
    fromFields: stepOneDraftFromFields,
  });
  const setDraft = useFunnelStore((s) => s.setStepOneValues);
  const storedLastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const lastCompletedStep = serverSignup?.lastCompletedStep ?? storedLastCompletedStep;
  const hasSessionEnded = useFunnelStore((s) => s.hasSessionEnded);
  const dismissSessionEnded = useFunnelStore((s) => s.dismissSessionEnded);
  const { submit, isSubmitting, hasProblem } = useSubmitStepOne();

  return (
    <>
      <StepIndicator currentStep={1} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('stepOne.title')}</PageHeading>
      {hasSessionEnded ? (
        <AlertBanner tone="info" onClose={dismissSessionEnded}>
          <p>{t('stepOne.sessionEnded')}</p>
        </AlertBanner>
      ) : null}
      {hasProblem ? <GenericError retry={{ formId: STEP_ONE_FORM_ID }} /> : null}
      <StepOneForm
        draft={start.values}
        draftForUnchangedFields={start.draftForUnchangedFields}
        submission={submission}
        onDraftChange={setDraft}
        onSubmit={submit}
        isSubmitting={isSubmitting}
      />
    </>
  );
}
