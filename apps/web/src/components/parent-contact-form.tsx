import type { ValidationError } from '@coparent/domain';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormProvider, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useErrorText } from '@/lib/use-error-text';
import { useSummarisedSubmit } from '@/lib/use-summarised-submit';
import styles from './form.module.css';
import { ParentContactFields } from './parent-contact-fields';
import { SubmitRow } from './submit-row';
import { SummarisedForm } from './summarised-form';

type ParentContactFormProps<TInput extends FieldValues, TOutput, TDraft> = {
  /** The form's id: the generic error's "Try again" submits it again. */
  id: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The page's title ("Error: " goes before it while the summary shows). */
  title: string;
  intro: string;
  onDraftChange: (draft: TDraft) => void;
  onSubmit: (values: TOutput) => Promise<{ fieldErrors?: ValidationError[] } | undefined>;
  /** Server field → form field, or undefined when no field shows it (it goes to the summary). */
  fieldFor: (field: string) => Path<TInput> | undefined;
  isSubmitting: boolean;
  /** What the form asks after the contact fields. */
  children?: ReactNode;
  /** Where a browser without scripts posts the form (the server checks it and answers). */
  action?: string;
  /** The server's problems no field shows, of a submission the page answers. */
  firstUnplaced?: readonly ValidationError[];
};

/**
 * A parent's first step (Parent A's /step1, the invited co-parent's /invite/step1): the contact
 * fields checked on submit, every change kept as a draft, the server's errors beside their fields
 * and in the summary, and Continue.
 */
export function ParentContactForm<TInput extends FieldValues, TOutput, TDraft>({
  id,
  form,
  title,
  intro,
  onDraftChange,
  onSubmit,
  fieldFor,
  isSubmitting,
  children,
  action,
  firstUnplaced,
}: ParentContactFormProps<TInput, TOutput, TDraft>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  useDraftSync(form.watch, onDraftChange);
  const { summary, submit } = useSummarisedSubmit(form, {
    onSubmit,
    fieldFor,
    errorText,
    firstUnplaced,
  });
  useDocumentTitle(title, summary.items.length > 0);

  return (
    <FormProvider {...form}>
      <SummarisedForm
        id={id}
        className={styles.form}
        onSubmit={submit}
        summary={summary}
        {...(action ? { method: 'post', action } : {})}
      >
        <p className={styles.intro}>{intro}</p>
        <ParentContactFields
          register={(name) => form.register(name as Path<TInput>)}
          defaultFor={(name) => get(form.formState.defaultValues, name)}
          errorFor={(name) => form.getFieldState(name as Path<TInput>, form.formState).error}
          errorText={errorText}
        />
        {children}
        <SubmitRow className={styles.actions} isLoading={isSubmitting}>
          {t('common.continue')}
        </SubmitRow>
      </SummarisedForm>
    </FormProvider>
  );
}
