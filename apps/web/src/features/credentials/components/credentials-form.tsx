import {
  type Credentials,
  credentialsSchema,
  type MessageKey,
  USERNAME_MAX_LENGTH,
  usernameProblem,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { TextField } from '../../../components/text-field';
import { applyServerErrors, fieldId, flattenErrors } from '../../../lib/form-errors';
import { useFieldErrorText } from '../../../lib/use-field-error-text';
import { useCheckUsername } from '../api/check-username';
import type { CredentialsSubmitResult } from '../hooks/use-submit-credentials';
import styles from './credentials.module.css';
import { PasswordChecklist } from './password-checklist';

type CredentialsFormProps = {
  token: string;
  /** The account's email (passwords may not be or contain it). */
  email: string;
  supportPhone: string;
  onSubmit: (values: Credentials) => Promise<CredentialsSubmitResult>;
  isSubmitting: boolean;
};

type UsernameCheck = { username: string; problem: MessageKey | null };

/**
 * The username and password form (spec 001 §2, §5): the username is checked with the server when
 * it is left; the password has a show/hide toggle and a live requirements checklist. Complete
 * Signup is disabled while the form is invalid, submitting, or the username has a problem.
 */
export function CredentialsForm({
  token,
  email,
  supportPhone,
  onSubmit,
  isSubmitting,
}: CredentialsFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText(supportPhone);
  const schema = useMemo(() => credentialsSchema({ email }), [email]);
  const form = useForm<Credentials>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, formState, watch, handleSubmit, setError } = form;
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [usernameCheck, setUsernameCheck] = useState<UsernameCheck | null>(null);
  const checkUsername = useCheckUsername();
  const checklistId = useId();

  const username = watch('username');
  const password = watch('password');
  const isValid = schema.safeParse({ username, password }).success;
  const checkedProblem =
    usernameCheck && usernameCheck.username === username.trim() ? usernameCheck.problem : null;
  const hasUsernameProblem = checkedProblem !== null;

  const checkOnServer = async () => {
    const value = username.trim();
    if (usernameProblem(value) !== null) return;
    try {
      const answer = await checkUsername.mutateAsync({ token, username: value });
      const problem: MessageKey | null = !answer.meetsRequirements
        ? 'validUsernameRequirement_error'
        : !answer.available
          ? 'validUsernameUnavailable_error'
          : null;
      setUsernameCheck({ username: value, problem });
    } catch {
      // The check is a courtesy: the server checks again when the form is sent.
      setUsernameCheck(null);
    }
  };

  const errors = formState.errors;
  const usernameError = checkedProblem
    ? t(checkedProblem, { ns: 'validation' })
    : errorText(errors.username);
  const items: ErrorSummaryItem[] = [
    ...flattenErrors(errors).map(({ path, error }) => ({
      fieldId: fieldId(path),
      message: errorText(error) ?? '',
    })),
    ...unplaced.map((error) => ({ message: error.text })),
  ];

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(
          applyServerErrors(result.fieldErrors, setError, (field) =>
            field === 'username' || field === 'password' ? field : undefined,
          ),
        );
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  const isDisabled = !isValid || isSubmitting || hasUsernameProblem;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={isSubmitting || undefined}
    >
      {/* Field messages show as fields are left; the summary only after a submit. */}
      <ErrorSummary items={focusKey > 0 ? items : []} focusKey={focusKey} />
      <TextField
        id="username"
        label={t('credentials.username')}
        hint={t('credentials.usernameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        error={usernameError}
        {...register('username', {
          onBlur: () => void checkOnServer(),
          onChange: () => setUsernameCheck(null),
        })}
      />
      <div className={styles.passwordRow}>
        <TextField
          id="password"
          label={t('credentials.password')}
          type={isPasswordShown ? 'text' : 'password'}
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          error={errorText(errors.password)}
          aria-describedby={checklistId}
          {...register('password')}
        />
        <Button
          variant="secondary"
          aria-pressed={isPasswordShown}
          aria-controls="password"
          onClick={() => setIsPasswordShown((shown) => !shown)}
        >
          {t('credentials.showPassword')}
        </Button>
      </div>
      <PasswordChecklist id={checklistId} password={password} />
      <div className={styles.actions}>
        <Button type="submit" disabled={isDisabled} isLoading={isSubmitting}>
          {t('credentials.submit')}
        </Button>
      </div>
    </form>
  );
}
