import {
  InviteStepOneFormSchema,
  type InviteStepOneForm as InviteStepOneValues,
  stepOneFieldsFromForm,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { parentContactDefaults, parentContactFieldFor } from '@/components/parent-contact-fields';
import { ParentContactForm } from '@/components/parent-contact-form';
import { submittedFormErrors } from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { useApplyDraft } from '@/lib/use-apply-draft';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { InviteStepOneDraft } from '../invite-drafts';

type FormInput = z.input<typeof InviteStepOneFormSchema>;

export type InviteStepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** The form's id: the generic error's "Try again" submits it again. */
export const INVITE_STEP_ONE_FORM_ID = 'invite-step-one-form';

/** A posted (or server-written) invite step 1's fields → the form's draft. */
export function inviteStepOneDraftFromFields(fields: Record<string, string>): InviteStepOneDraft {
  const { knowsCoParentEmail: _, ...contact } = stepOneFieldsFromForm(fields);
  return contact;
}

type InviteStepOneFormProps = {
  /** What the form starts with: the draft of this tab, else what the server knows. */
  initialValues: InviteStepOneDraft;
  /** The kept draft, for the fields not changed since the server wrote the page (once taken over). */
  draftForUnchangedFields?: Partial<InviteStepOneDraft>;
  /** The post the page answers (without a script): its problems show from the start. */
  submission?: FormSubmission;
  /** Where a browser without scripts posts the form (the server checks it and answers). */
  action?: string;
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
export function InviteStepOneForm({
  initialValues,
  draftForUnchangedFields,
  submission,
  ...props
}: InviteStepOneFormProps) {
  const { t } = useTranslation();
  const [firstProblems] = useState(() =>
    submission
      ? submittedFormErrors<FormInput>(
          InviteStepOneFormSchema,
          stepOneFieldsFromForm(submission.values),
          submission.errors,
          parentContactFieldFor,
        )
      : undefined,
  );
  const form = useSummaryForm<FormInput, InviteStepOneValues>(
    zodResolver(InviteStepOneFormSchema),
    parentContactDefaults(initialValues),
    'onSubmit',
    firstProblems?.errors,
  );
  useApplyDraft(form, draftForUnchangedFields);
  return (
    <ParentContactForm
      id={INVITE_STEP_ONE_FORM_ID}
      form={form}
      intro={t('inviteStepOne.intro')}
      fieldFor={parentContactFieldFor}
      firstUnplaced={firstProblems?.unplaced}
      {...props}
    />
  );
}
