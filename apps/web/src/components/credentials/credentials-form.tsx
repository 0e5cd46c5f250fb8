import { type Credentials, credentialsSchema, type ValidationError } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useSummaryForm } from '@/lib/use-summary-form';
import styles from './credentials.module.css';
import { useUsernameCheck } from './use-username-check';
import { UsernamePasswordFields } from './username-password-fields';

export type CredentialsSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type CredentialsFormProps = {
  token: string;
  /** The account's email (passwords may not be or contain it). */
  email: string;
  supportPhone: string;
  onSubmit: (values: Credentials) => Promise<CredentialsSubmitResult>;
  isSubmitting: boolean;
};

/**
 * The username and password form: the username is checked with the server when
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
  const form = useSummaryForm<Credentials>(
    zodResolver(schema),
    { username: '', password: '' },
    'onLeave',
  );
  const { register, formState, watch, handleSubmit, setError } = form;
  const username = watch('username');
  const password = watch('password');
  const isValid = schema.safeParse({ username, password }).success;
  const usernameCheck = useUsernameCheck(token, username);
  const checkedProblem = usernameCheck.problem;
  const hasUsernameProblem = checkedProblem !== null;

  const errors = formState.errors;
  const usernameError = checkedProblem
    ? t(checkedProblem, { ns: 'validation' })
    : errorText(errors.username);
  const problems = useFormProblems(errors, errorText);

  const submit = handleSubmit(
    async (values) => {
      problems.clear();
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        const unplaced = applyServerErrors(result.fieldErrors, setError, (field) =>
          field === 'username' || field === 'password' ? field : undefined,
        );
        problems.fail(unplaced.map((error) => error.text));
      }
    },
    () => problems.fail(),
  );

  const isDisabled = !isValid || isSubmitting || hasUsernameProblem;
  return (
    <SummarisedForm
      className={styles.form}
      onSubmit={submit}
      isBusy={isSubmitting}
      summary={problems.summary}
    >
      {/* Field messages show as fields are left; the summary only after a submit. */}
      <UsernamePasswordFields
        usernameId="username"
        passwordId="password"
        usernameError={usernameError}
        passwordError={errorText(errors.password)}
        passwordValue={password}
        identity={{ username, email }}
        username={register('username', {
          onBlur: () => void usernameCheck.checkOnServer(),
          onChange: usernameCheck.forget,
        })}
        password={register('password')}
      />
      <SubmitRow className={styles.actions} disabled={isDisabled} isLoading={isSubmitting}>
        {t('credentials.submit')}
      </SubmitRow>
    </SummarisedForm>
  );
}
