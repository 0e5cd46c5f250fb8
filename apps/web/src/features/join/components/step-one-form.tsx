import {
  type StepOneFormInput,
  StepOneFormSchema,
  type StepOneForm as StepOneValues,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parentContactDefaults, parentContactFieldFor } from '@/components/parent-contact-fields';
import { ParentContactForm } from '@/components/parent-contact-form';
import { RadioGroup } from '@/components/radio-group';
import { useErrorText } from '@/lib/use-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { StepOneDraft } from '@/stores/funnel-store';

/** The form's id: the generic error's "Try again" submits it again. */
export const STEP_ONE_FORM_ID = 'step-one-form';

/** Server field name → step-1 form field: the contact fields and the co-parent question. */
function stepOneFieldFor(field: string): Path<StepOneFormInput> | undefined {
  if (field.replace(/^parent\./, '') === 'knowsCoParentEmail') return 'knowsCoParentEmail';
  return parentContactFieldFor(field);
}

export type StepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type StepOneFormProps = {
  draft: StepOneDraft | undefined;
  onDraftChange: (draft: StepOneDraft) => void;
  onSubmit: (values: StepOneValues) => Promise<StepOneSubmitResult>;
  isSubmitting: boolean;
};

export function StepOneForm({ draft, ...props }: StepOneFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSummaryForm<StepOneFormInput, StepOneValues>(
    zodResolver(StepOneFormSchema),
    {
      ...parentContactDefaults(draft),
      knowsCoParentEmail: draft?.knowsCoParentEmail,
    },
    'onSubmit',
  );
  return (
    <ParentContactForm
      id={STEP_ONE_FORM_ID}
      form={form}
      title={t('stepOne.title')}
      intro={t('stepOne.intro')}
      fieldFor={stepOneFieldFor}
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
