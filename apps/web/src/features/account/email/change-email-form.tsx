import { type ChangeEmailInput, ChangeEmailRequestSchema } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { EmailField } from '@/components/email-field';
import { PasswordField } from '@/components/password-field';
import { SummarisedForm } from '@/components/summarised-form';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useSummaryForm } from '@/lib/use-summary-form';
import styles from './change-email.module.css';

const FIELDS = new Set<string>(['email', 'currentPassword']);

type ChangeEmailFormProps = {
  /** Sends the change; resolves when done, throws the call's error otherwise. */
  onChange: (values: ChangeEmailInput) => Promise<void>;
  /** Tells the page whether an error summary is showing (for the document title). */
  onErrorsChange: (hasErrors: boolean) => void;
};

/**
 * The new address and the current password, checked with the domain's rules first; the server's
 * refusals (wrong password, an address in use) show beside their fields, a lock or any other
 * failure in the error summary, which takes focus after every failed submit.
 */
export function ChangeEmailForm({ onChange, onErrorsChange }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const form = useSummaryForm<ChangeEmailInput>(
    zodResolver(ChangeEmailRequestSchema),
    { email: '', currentPassword: '' },
    'onSubmitThenChange',
  );
  const { register, formState, handleSubmit, setError } = form;
  const problems = useFormProblems(formState.errors, errorText);

  const failed = (messages: string[]) => {
    problems.fail(messages);
    onErrorsChange(true);
  };

  const submit = handleSubmit(
    async (values) => {
      problems.clear();
      try {
        await onChange(values);
        onErrorsChange(false);
      } catch (error) {
        if (isApiError(error) && error.status === 429) {
          failed([t('accountEmail.tooManyAttempts')]);
        } else if (isApiError(error) && error.fieldErrors.length > 0) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, (field) =>
            FIELDS.has(field) ? (field as keyof ChangeEmailInput) : undefined,
          );
          failed(unplaced.map((e) => e.text));
        } else {
          failed([t('genericErrorMessage', { ns: 'validation' })]);
        }
      }
    },
    () => failed([]),
  );

  return (
    <SummarisedForm
      className={styles.form}
      onSubmit={submit}
      isBusy={formState.isSubmitting}
      summary={problems.summary}
    >
      <EmailField
        id="email"
        label={t('accountEmail.newEmail')}
        error={errorText(formState.errors.email)}
        {...register('email')}
      />
      <PasswordField
        id="currentPassword"
        label={t('accountEmail.currentPassword')}
        hint={t('accountEmail.passwordHint')}
        autoComplete="current-password"
        error={errorText(formState.errors.currentPassword)}
        {...register('currentPassword')}
      />
      <p className={styles.hint}>{t('accountEmail.noticeHint')}</p>
      <Button type="submit" isLoading={formState.isSubmitting}>
        {t('accountEmail.submit')}
      </Button>
    </SummarisedForm>
  );
}
