import {
  type StepOneFormInput,
  type StepOneForm as StepOneValues,
  stepOneFieldsFromForm,
  type ValidationError,
} from '@coparent/domain';
import { useState } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JOIN_BASENAME } from '@/app/join-path';
import { parentContactDefaults, parentContactFieldFor } from '@/components/parent-contact-fields';
import { ParentContactForm } from '@/components/parent-contact-form';
import { RadioGroup } from '@/components/radio-group';
import { NOT_CHECKED, submittedFormErrors } from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { onDemandResolver } from '@/lib/on-demand';
import { useApplyDraft } from '@/lib/use-apply-draft';
import { useErrorText } from '@/lib/use-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { StepOneDraft } from '@/stores/funnel-store';
import { JOIN_FORM_CHECKS } from '../form-checks';

const checks = JOIN_FORM_CHECKS['/step1'];
const stepOneResolver = onDemandResolver(async () => (await checks.load()).stepOneResolver);

/** The form's id: the generic error's "Try again" submits it again. */
export const STEP_ONE_FORM_ID = 'step-one-form';

/** The page (and, without a script, where the form posts: the server answers it). */
export const STEP_ONE_PATH = '/step1';

/** A posted (or server-rendered) step 1's fields → the form's draft. */
export function stepOneDraftFromFields(fields: Record<string, string>): StepOneDraft {
  return stepOneFieldsFromForm(fields) as StepOneDraft;
}

/** Server field name → step-1 form field: the contact fields and the co-parent question. */
function stepOneFieldFor(field: string): Path<StepOneFormInput> | undefined {
  if (field.replace(/^parent\./, '') === 'knowsCoParentEmail') return 'knowsCoParentEmail';
  return parentContactFieldFor(field);
}

export type StepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type StepOneFormProps = {
  draft: StepOneDraft | undefined;
  /** The kept draft, for the fields not changed since the server wrote the page (once taken over). */
  draftForUnchangedFields?: Partial<StepOneDraft>;
  /** The post the page answers (without a script): its problems show from the start. */
  submission?: FormSubmission;
  onDraftChange: (draft: StepOneDraft) => void;
  onSubmit: (values: StepOneValues) => Promise<StepOneSubmitResult>;
  isSubmitting: boolean;
};

export function StepOneForm({
  draft,
  draftForUnchangedFields,
  submission,
  ...props
}: StepOneFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [firstProblems] = useState(() =>
    submission
      ? submittedFormErrors<StepOneFormInput>(
          checks.loaded?.StepOneFormSchema ?? NOT_CHECKED,
          stepOneFieldsFromForm(submission.values),
          submission.errors,
          stepOneFieldFor,
        )
      : undefined,
  );
  const form = useSummaryForm<StepOneFormInput, StepOneValues>(
    stepOneResolver,
    {
      ...parentContactDefaults(draft),
      knowsCoParentEmail: draft?.knowsCoParentEmail,
    },
    'onSubmit',
    firstProblems?.errors,
  );
  useApplyDraft(form, draftForUnchangedFields);
  return (
    <ParentContactForm
      id={STEP_ONE_FORM_ID}
      form={form}
      title={t('stepOne.title')}
      intro={t('stepOne.intro')}
      fieldFor={stepOneFieldFor}
      action={`${JOIN_BASENAME}${STEP_ONE_PATH}`}
      firstUnplaced={firstProblems?.unplaced}
      {...props}
    >
      <Controller
        control={form.control}
        name="knowsCoParentEmail"
        render={({ field, fieldState }) => (
          <RadioGroup
            id="knowsCoParentEmail"
            name={field.name}
            legend={t('stepOne.knowsCoParentEmail')}
            hint={t('stepOne.knowsCoParentEmailHint')}
            options={[
              { value: 'yes', label: t('common.yes') },
              { value: 'no', label: t('common.no') },
            ]}
            value={field.value === undefined ? undefined : field.value ? 'yes' : 'no'}
            onChange={(value) => field.onChange(value === 'yes')}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errorText(fieldState.error)}
            isInline
          />
        )}
      />
    </ParentContactForm>
  );
}
