import { LoginRequestSchema } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealablePasswordField } from '@/components/password-field';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { UsernameField } from '@/components/username-field';
import { applyServerErrors, errorSummaryItems } from '@/lib/form-errors';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import styles from './login.module.css';
import { type LoginOutcome, loginOutcomeOf } from './login-outcome';

const LoginFormSchema = LoginRequestSchema.pick({ username: true, password: true });
type LoginValues = { username: string; password: string };

/** The username typed survives a reload of the tab (never the password). */
const USERNAME_STORAGE_KEY = 'coparent.account.loginUsername';

/** The message key the form shows beside the password after a wrong username or password. */
const LOGIN_ERROR_KEY = 'login_error';

type LoginFormProps = {
  /** Sends the login; resolves when logged in, throws the call's error otherwise. */
  onLogin: (values: LoginValues) => Promise<void>;
};

/**
 * The login form: a wrong username or password shows `login_error`
 * on the password field and marks the username without a text of its own; too many attempts
 * says to wait; anything else shows genericErrorMessage.
 */
export function LoginForm({ onLogin }: LoginFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const form = useSummaryForm<LoginValues>(
    zodResolver(LoginFormSchema),
    { username: readStorage('session', USERNAME_STORAGE_KEY) ?? '', password: '' },
    'onSubmitThenChange',
  );
  const { register, formState, handleSubmit, setError } = form;
  const [focusKey, setFocusKey] = useState(0);
  const [outcome, setOutcome] = useState<LoginOutcome | null>(null);
  const [isPasswordShown, setIsPasswordShown] = useState(false);

  const formMessage =
    outcome?.kind === 'tooManyAttempts'
      ? t('accountLogin.tooManyAttempts')
      : outcome?.kind === 'generic'
        ? t('genericErrorMessage', { ns: 'validation' })
        : null;
  const items = errorSummaryItems(formState.errors, errorText, [
    ...(outcome?.kind === 'fields' ? outcome.unplaced.map((e) => e.text) : []),
    ...(formMessage ? [formMessage] : []),
  ]);

  const submit = handleSubmit(
    async (values) => {
      setOutcome(null);
      try {
        await onLogin(values);
        removeStorage('session', USERNAME_STORAGE_KEY);
      } catch (error) {
        const next = loginOutcomeOf(error);
        if (next.kind === 'wrongCredentials') {
          setError('password', { type: 'login', message: LOGIN_ERROR_KEY });
        } else if (next.kind === 'fields') {
          next.unplaced = applyServerErrors(next.errors, setError, (field) =>
            field === 'username' || field === 'password' ? field : undefined,
          );
        }
        setOutcome(next);
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setOutcome(null);
      setFocusKey((key) => key + 1);
    },
  );

  // The spec marks the username too, without a text of its own (the password's says it all).
  const isUsernameMarked = formState.errors.password?.type === 'login';
  return (
    <SummarisedForm
      className={styles.form}
      onSubmit={submit}
      isBusy={formState.isSubmitting}
      summary={{ items: focusKey > 0 ? items : [], focusKey }}
    >
      <UsernameField
        id="username"
        label={t('accountLogin.username')}
        error={errorText(formState.errors.username)}
        {...(isUsernameMarked ? { 'aria-invalid': true } : {})}
        {...register('username', {
          onChange: (event: { target: { value: string } }) =>
            writeStorage('session', USERNAME_STORAGE_KEY, event.target.value),
        })}
      />
      <RevealablePasswordField
        id="password"
        label={t('accountLogin.password')}
        autoComplete="current-password"
        isShown={isPasswordShown}
        onToggle={() => setIsPasswordShown((shown) => !shown)}
        showLabel={t('accountLogin.showPassword')}
        hideLabel={t('accountLogin.hidePassword')}
        error={errorText(formState.errors.password)}
        {...register('password')}
      />
      <SubmitRow className={styles.actions} isLoading={formState.isSubmitting}>
        {t('accountLogin.submit')}
      </SubmitRow>
    </SummarisedForm>
  );
}
