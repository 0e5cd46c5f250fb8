import {
  InviteStepOneFormSchema,
  type InviteStepOneForm as InviteStepOneValues,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { parentContactDefaults, parentContactFieldFor } from '@/components/parent-contact-fields';
import { ParentContactForm } from '@/components/parent-contact-form';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { InviteStepOneDraft } from '../invite-drafts';

type FormInput = z.input<typeof InviteStepOneFormSchema>;

export type InviteStepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** The form's id: the generic error's "Try again" submits it again. */
export const INVITE_STEP_ONE_FORM_ID = 'invite-step-one-form';

type InviteStepOneFormProps = {
  /** What the form starts with: the draft of this tab, else what the server knows. */
  initialValues: InviteStepOneDraft;
  onDraftChange: (draft: InviteStepOneDraft) => void;
  onSubmit: (values: InviteStepOneValues) => Promise<InviteStepOneSubmitResult>;
  isSubmitting: boolean;
  title: string;
};

/**
 * The invited co-parent's contact form: the shared parent contact
 * schema and the first-parent step's fields and labels, without the join-only co-parent question.
 * Server errors are listed in the summary above the form and beside their fields.
 */
export function InviteStepOneForm({ initialValues, ...props }: InviteStepOneFormProps) {
  const { t } = useTranslation();
  const form = useSummaryForm<FormInput, InviteStepOneValues>(
    zodResolver(InviteStepOneFormSchema),
    parentContactDefaults(initialValues),
    'onSubmit',
  );
  return (
    <ParentContactForm
      id={INVITE_STEP_ONE_FORM_ID}
      form={form}
      intro={t('inviteStepOne.intro')}
      fieldFor={parentContactFieldFor}
      {...props}
    />
  );
}
