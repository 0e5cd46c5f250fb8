import { type Credentials, credentialsSchema, type ValidationError } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { applyServerErrors, submittedFormErrors } from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useFormStart } from '@/lib/use-form-start';
import { useHydrated } from '@/lib/use-hydrated';
import { useSummaryForm } from '@/lib/use-summary-form';
import styles from './credentials.module.css';
import { useUsernameCheck } from './use-username-check';
import { UsernamePasswordFields } from './username-password-fields';

export type CredentialsSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** The form's id (a page the server wrote is taken over from what its fields hold). */
export const CREDENTIALS_FORM_ID = 'credentials-form';

type CredentialsFormProps = {
  /** The credentials token the tab holds; none on a page that posts the form (the server has it). */
  token: string | undefined;
  /** The account's email (passwords may not be or contain it). */
  email: string;
  supportPhone: string;
  onSubmit: (values: Credentials) => Promise<CredentialsSubmitResult>;
  isSubmitting: boolean;
  /**
   * Where the form posts itself (a page the server wrote, the token in the browser's cookie):
   * without the app, always; with it and no `token` in the tab, once the domain's rules accept
   * it; with the tab's token, the app sends it as on a page it wrote itself.
   */
  action?: string;
  /** The post the page answers: the username again (never the password) and the problems. */
  submission?: FormSubmission;
};

const credentialsFromFields = (fields: Record<string, string>): Credentials => ({
  username: fields.username ?? '',
  password: fields.password ?? '',
});

/** The problems of a post the page answers: all of them as text, the password is not sent back. */
const NOT_CHECKED_AGAIN = { safeParse: () => ({ success: true }) };
const fieldOf = (field: string) =>
  field === 'username' || field === 'password' ? field : undefined;

/**
 * The username and password form: the username is checked with the server when
 * it is left; the password has a show/hide toggle and a live requirements checklist. Complete
 * Signup is disabled while the form is invalid, submitting, or the username has a problem, once
 * the app has the page (a page without a script can always be sent: the server checks it).
 */
export function CredentialsForm({
  token,
  email,
  supportPhone,
  onSubmit,
  isSubmitting,
  action,
  submission,
}: CredentialsFormProps) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const errorText = useFieldErrorText(supportPhone);
  const schema = useMemo(() => credentialsSchema({ email }), [email]);
  const [written] = useState(() => ({
    values: credentialsFromFields({ username: submission?.values.username ?? '' }),
    problems: submission
      ? submittedFormErrors<Credentials>(NOT_CHECKED_AGAIN, {}, submission.errors, fieldOf)
      : undefined,
  }));
  const start = useFormStart<Credentials>({
    formId: CREDENTIALS_FORM_ID,
    serverValues: written.values,
    isSubmission: submission !== undefined,
    storedDraft: () => undefined,
    fromFields: credentialsFromFields,
  });
  const form = useSummaryForm<Credentials>(
    zodResolver(schema),
    start.values ?? { username: '', password: '' },
    'onLeave',
    written.problems?.errors,
  );
  const { register, formState, watch, handleSubmit, setError } = form;
  // Until the app has the page, it shows what the server wrote (what was typed since stays put).
  const username = isHydrated ? watch('username') : written.values.username;
  const password = isHydrated ? watch('password') : written.values.password;
  const isValid = schema.safeParse({ username, password }).success;
  const usernameCheck = useUsernameCheck(token, username);
  const checkedProblem = usernameCheck.problem;
  const hasUsernameProblem = checkedProblem !== null;

  const errors = formState.errors;
  const usernameError = checkedProblem
    ? t(checkedProblem, { ns: 'validation' })
    : errorText(errors.username);
  const problems = useFormProblems(
    errors,
    errorText,
    written.problems?.unplaced.map((error) => error.text),
  );

  const submit = handleSubmit(
    async (values) => {
      problems.clear();
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        const unplaced = applyServerErrors(result.fieldErrors, setError, fieldOf);
        problems.fail(unplaced.map((error) => error.text));
      }
    },
    () => problems.fail(),
  );
  // A form that posts itself goes as it is once the rules accept it; else its problems show.
  const post = (event: FormEvent<HTMLFormElement>) => {
    if (schema.safeParse(form.getValues()).success) return;
    void handleSubmit(
      () => undefined,
      () => problems.fail(),
    )(event);
  };

  const isDisabled = isHydrated && (!isValid || isSubmitting || hasUsernameProblem);
  return (
    <SummarisedForm
      id={CREDENTIALS_FORM_ID}
      className={styles.form}
      onSubmit={action && !token ? post : submit}
      isBusy={isSubmitting}
      summary={problems.summary}
      {...(action ? { method: 'post', action } : {})}
    >
      {/* Field messages show as fields are left; the summary only after a submit. */}
      <UsernamePasswordFields
        usernameId="username"
        passwordId="password"
        usernameError={usernameError}
        passwordError={errorText(errors.password)}
        passwordValue={password}
        identity={{ username, email }}
        usernameDefault={start.values?.username || undefined}
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
