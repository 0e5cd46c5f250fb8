import {
  InviteStepOneFormSchema,
  type InviteStepOneForm as InviteStepOneValues,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import styles from '@/components/form.module.css';
import {
  ParentContactFields,
  parentContactDefaults,
  parentContactFieldFor,
} from '@/components/parent-contact-fields';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useErrorText } from '@/lib/use-error-text';
import { useSummarisedSubmit } from '@/lib/use-summarised-submit';
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
export function InviteStepOneForm({
  initialValues,
  onDraftChange,
  onSubmit,
  isSubmitting,
  title,
}: InviteStepOneFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSummaryForm<FormInput, InviteStepOneValues>(
    zodResolver(InviteStepOneFormSchema),
    parentContactDefaults(initialValues),
    'onSubmit',
  );
  const { register, watch } = form;

  useDraftSync(watch, onDraftChange);

  const { summary, submit } = useSummarisedSubmit(form, {
    onSubmit,
    fieldFor: parentContactFieldFor,
    errorText,
  });
  useDocumentTitle(title, summary.items.length > 0);

  return (
    <SummarisedForm
      id={INVITE_STEP_ONE_FORM_ID}
      className={styles.form}
      onSubmit={submit}
      summary={summary}
    >
      <p className={styles.intro}>{t('inviteStepOne.intro')}</p>
      <ParentContactFields
        register={(name) => register(name)}
        errorFor={(name) => form.formState.errors[name]}
        errorText={errorText}
      />
      <SubmitRow className={styles.actions} isLoading={isSubmitting}>
        {t('common.continue')}
      </SubmitRow>
    </SummarisedForm>
  );
}
