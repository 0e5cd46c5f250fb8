import {
  accountPasswordProblems,
  NewPasswordFormSchema,
  type NewPasswordForm as NewPasswordValues,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PasswordChecklist } from '@/components/credentials/password-checklist';
import { ErrorSummary } from '@/components/error-summary';
import { PasswordToggle } from '@/components/password-toggle';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useResetPassword } from '../api/recovery-api';
import { isRecoveryOver, problemText } from './problem-text';
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
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(ClientSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, formState, watch, handleSubmit, setError } = form;
  const newPassword = watch('newPassword');

  const { shownItems, focusKey, clear, fail } = useFormProblems(formState.errors, errorText);
  useEffect(() => onErrorsChange(shownItems.length > 0), [onErrorsChange, shownItems.length]);

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
        if (isApiError(error) && error.fieldErrors.length > 0) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, (field) =>
            field === 'newPassword' || field === 'confirmPassword' ? field : undefined,
          );
          fail(unplaced.length > 0 ? [unplaced.map((e) => e.text).join(' ')] : []);
        } else {
          fail([problemText(error, t)]);
        }
      }
    },
    () => fail(),
  );

  const type = isPasswordShown ? 'text' : 'password';
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={reset.isPending || undefined}
    >
      <ErrorSummary items={shownItems} focusKey={focusKey} />
      <div className={styles.passwordRow}>
        <TextField
          id="newPassword"
          label={t('recover.newPassword')}
          type={type}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          error={errorText(formState.errors.newPassword)}
          aria-describedby={checklistId}
          {...register('newPassword')}
        />
        <PasswordToggle
          isShown={isPasswordShown}
          onToggle={() => setIsPasswordShown((shown) => !shown)}
          controls="newPassword confirmPassword"
          showLabel={t('recover.showPassword')}
          hideLabel={t('recover.hidePassword')}
        />
      </div>
      <PasswordChecklist id={checklistId} password={newPassword} />
      <TextField
        id="confirmPassword"
        label={t('recover.confirmPassword')}
        type={type}
        autoComplete="new-password"
        autoCapitalize="none"
        spellCheck={false}
        error={errorText(formState.errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <div className={styles.actions}>
        <Button type="submit" isLoading={reset.isPending}>
          {t('recover.save')}
        </Button>
      </div>
    </form>
  );
}
