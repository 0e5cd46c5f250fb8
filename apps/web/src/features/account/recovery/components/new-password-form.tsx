import {
  accountPasswordProblems,
  NewPasswordFormSchema,
  type NewPasswordForm as NewPasswordValues,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '@/components/credentials/password-checklist';
import { PasswordField, RevealablePasswordField } from '@/components/password-field';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import { useResetPassword } from '../api/recovery-api';
import { useRecoveryProblems } from '../hooks/use-recovery-problems';
import { isRecoveryOver } from './problem-text';
import styles from './recovery.module.css';

/**
 * The confirmation must match, and the password meets the credentials rules the browser can check
 * (the server adds the account's username and email).
 */
const ClientSchema = NewPasswordFormSchema.superRefine((value, ctx) => {
  const [problem] = accountPasswordProblems(value.newPassword, {});
  if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
});

type NewPasswordFormProps = {
  resetToken: string;
  onDone: () => void;
  onOver: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
};

/** NEW_PASSWORD: the new password (with the requirements checklist) and its confirmation. */
export function NewPasswordForm({
  resetToken,
  onDone,
  onOver,
  onErrorsChange,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const reset = useResetPassword();
  const checklistId = useId();
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const form = useSummaryForm<NewPasswordValues>(
    zodResolver(ClientSchema),
    { newPassword: '', confirmPassword: '' },
    'onLeave',
  );
  const { register, formState, watch, handleSubmit, setError } = form;
  const newPassword = watch('newPassword');

  const { summary, clear, fail, failCall } = useRecoveryProblems(
    formState.errors,
    errorText,
    onErrorsChange,
  );

  const submit = handleSubmit(
    async (values) => {
      clear();
      try {
        await reset.mutateAsync({ resetToken, ...values });
        onDone();
      } catch (error) {
        if (isRecoveryOver(error)) {
          onOver();
          return;
        }
        failCall(error, (fieldErrors) => {
          const unplaced = applyServerErrors(fieldErrors, setError, (field) =>
            field === 'newPassword' || field === 'confirmPassword' ? field : undefined,
          );
          return unplaced.length > 0 ? [unplaced.map((e) => e.text).join(' ')] : [];
        });
      }
    },
    () => fail(),
  );

  return (
    <SummarisedForm
      className={styles.form}
      onSubmit={submit}
      isBusy={reset.isPending}
      summary={summary}
    >
      <RevealablePasswordField
        id="newPassword"
        label={t('recover.newPassword')}
        autoComplete="new-password"
        isShown={isPasswordShown}
        onToggle={() => setIsPasswordShown((shown) => !shown)}
        controls="newPassword confirmPassword"
        showLabel={t('recover.showPassword')}
        hideLabel={t('recover.hidePassword')}
        error={errorText(formState.errors.newPassword)}
        aria-describedby={checklistId}
        {...register('newPassword')}
      />
      <PasswordChecklist id={checklistId} password={newPassword} />
      <PasswordField
        id="confirmPassword"
        label={t('recover.confirmPassword')}
        autoComplete="new-password"
        isShown={isPasswordShown}
        error={errorText(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <SubmitRow className={styles.actions} isLoading={reset.isPending}>
        {t('recover.save')}
      </SubmitRow>
    </SummarisedForm>
  );
}
