import {
  type InviteCredentialsInput,
  type InviteCredentialsValues,
  inviteCredentialsSchema,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useMemo, useState } from 'react';
import { FormProvider, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import credentialsStyles from '@/components/credentials/credentials.module.css';
import { useUsernameCheck } from '@/components/credentials/use-username-check';
import { UsernamePasswordFields } from '@/components/credentials/username-password-fields';
import type { ErrorSummaryItem } from '@/components/error-summary';
import { legalPageLinks } from '@/components/legal-page-links';
import { ReferralFields } from '@/components/referral-fields';
import { RichText } from '@/components/rich-text';
import { SecurityCodeField } from '@/components/security-code-field';
import { SummarisedForm } from '@/components/summarised-form';
import { TextField } from '@/components/text-field';
import {
  applyServerErrors,
  errorSummaryItems,
  NOT_CHECKED,
  submittedFormErrors,
} from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useHydrated } from '@/lib/use-hydrated';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { InviteCredentialsSubmitResult } from '../hooks/use-submit-invite-credentials';
import { saveDraft } from '../invite-credentials-draft';
import { inviteCredentialsFieldFor } from '../invite-credentials-values';
import styles from './invite-credentials.module.css';

/** The fields in page order: the error summary lists problems in the order they appear. */
function fieldOrder(consentPlacement: 'inside' | 'below'): string[] {
  const consent = ['consent-terms'];
  return [
    'credentials-username',
    'credentials-password',
    ...(consentPlacement === 'inside' ? consent : []),
    'referral-selection',
    'referral-other',
    'security-securityQuestion',
    'security-securityAnswer',
    'security-securityCode',
    'security-confirmCode',
    ...(consentPlacement === 'below' ? consent : []),
  ];
}

/** The form's id: "Try again" in the page's error banners submits it again. */
export const INVITE_CREDENTIALS_FORM_ID = 'invite-credentials-form';

const INCOMPLETE_HINT_ID = 'invite-credentials-incomplete';

type InviteCredentialsFormProps = {
  /** The tab's credentials token; none on a page that posts the form (the server asks one). */
  credentialsToken: string | undefined;
  /** The person's email (a password may not contain it); null for a co-parent known by phone. */
  email: string | null;
  defaultValues: InviteCredentialsInput;
  /** The terms and marketing boxes show only when the terms are not agreed yet. */
  needsTerms: boolean;
  /** US addresses: the boxes sit below the form; elsewhere inside it. */
  consentPlacement: 'inside' | 'below';
  supportPhone: string;
  documentTitle: string;
  hasPageError: boolean;
  onSubmit: (values: InviteCredentialsValues) => Promise<InviteCredentialsSubmitResult>;
  isSubmitting: boolean;
  /**
   * A page the server wrote: where its form posts itself (without the app, always; with it, once
   * the domain's rules accept it), and what the server wrote it with (the post it answers, or the
   * saved values), which the page shows until the app has it.
   */
  posting?: { action: string; submission?: FormSubmission; writtenValues: InviteCredentialsInput };
};

/** The problems of a post the page answers: all of them as text (the secrets are not sent back). */
function postedProblems(submission: FormSubmission | undefined) {
  return submission
    ? submittedFormErrors<InviteCredentialsInput>(
        NOT_CHECKED,
        {},
        submission.errors,
        inviteCredentialsFieldFor,
      )
    : undefined;
}

/**
 * The invited co-parent's one form: username and password (checked
 * with the server when the username is left; the password's live checklist), how they heard about
 * the product, the security question, answer and 4-digit code, and the terms and marketing boxes
 * when needed. One Complete Signup checks everything with the domain's rules first; the error
 * summary then takes focus and links to each problem. What is typed is kept for the tab, except
 * the password, the answer and the code. On a page the server wrote (`posting`) the form posts
 * itself to the server, which holds the invite and asks the credentials token.
 */
export function InviteCredentialsForm({
  credentialsToken,
  email,
  defaultValues,
  needsTerms,
  consentPlacement,
  supportPhone,
  documentTitle,
  hasPageError,
  onSubmit,
  isSubmitting,
  posting,
}: InviteCredentialsFormProps) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const errorText = useFieldErrorText(supportPhone);
  const [answered] = useState(() => postedProblems(posting?.submission));
  const schema = useMemo(() => inviteCredentialsSchema({ email, needsTerms }), [email, needsTerms]);
  const resolver = useMemo(
    () =>
      zodResolver(schema) as unknown as Resolver<
        InviteCredentialsInput,
        unknown,
        InviteCredentialsValues
      >,
    [schema],
  );
  const form = useSummaryForm<InviteCredentialsInput, InviteCredentialsValues>(
    resolver,
    defaultValues,
    'onLeave',
    answered?.errors,
  );
  const { register, formState, watch, handleSubmit, setError } = form;
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>(answered?.unplaced ?? []);

  useDraftSync(watch, saveDraft);

  // Until the app has a written page, it shows what the server wrote (typed since stays put).
  const shown = posting && !isHydrated ? posting.writtenValues : watch();
  const username = shown.credentials.username;
  const password = shown.credentials.password;
  const usernameCheck = useUsernameCheck(credentialsToken, username);
  const checkedProblem = usernameCheck.problem;

  const isComplete = schema.safeParse(shown).success && !checkedProblem;
  // A page that posts itself can always be sent (the server checks it): only the app, which can
  // tell when it is ready, says it is not.
  const isNotReady = !isComplete && (!posting || isHydrated);
  // A post the page answers lists its problems at once; otherwise a failed submit does.
  const isSummaryShown = focusKey > 0 || answered !== undefined;

  const errors = formState.errors;
  const usernameError = checkedProblem
    ? t(checkedProblem, { ns: 'validation' })
    : errorText(errors.credentials?.username);
  const order = fieldOrder(consentPlacement);
  const placed: ErrorSummaryItem[] = errorSummaryItems(errors, errorText);
  if (checkedProblem && !errors.credentials?.username) {
    placed.push({ fieldId: 'credentials-username', message: usernameError ?? '' });
  }
  placed.sort((a, b) => order.indexOf(a.fieldId ?? '') - order.indexOf(b.fieldId ?? ''));
  const items: ErrorSummaryItem[] = [
    ...placed,
    ...unplaced.map((error) => ({ message: error.text })),
  ];
  useDocumentTitle(documentTitle, (isSummaryShown && items.length > 0) || hasPageError);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      if (checkedProblem) {
        setFocusKey((key) => key + 1);
        return;
      }
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, inviteCredentialsFieldFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );
  // A form that posts itself goes as it is once the rules accept it; else its problems show.
  const post = (event: FormEvent<HTMLFormElement>) => {
    if (schema.safeParse(form.getValues()).success) return;
    void handleSubmit(
      () => undefined,
      () => {
        setUnplaced([]);
        setFocusKey((key) => key + 1);
      },
    )(event);
  };

  const consent = needsTerms ? (
    <div className={styles.consent}>
      <CheckboxField
        id="consent-terms"
        error={errorText(errors.consent?.terms)}
        label={
          <RichText
            i18nKey="inviteCredentials.consent.terms"
            components={legalPageLinks(t('inviteCredentials.consent.newTab'))}
          />
        }
        defaultChecked={defaultValues.consent.terms}
        {...register('consent.terms')}
      />
      <CheckboxField
        id="consent-marketingOptIn"
        label={t('inviteCredentials.consent.marketing')}
        defaultChecked={defaultValues.consent.marketingOptIn}
        {...register('consent.marketingOptIn')}
      />
    </div>
  ) : null;

  return (
    <FormProvider {...form}>
      <SummarisedForm
        id={INVITE_CREDENTIALS_FORM_ID}
        onSubmit={posting && !credentialsToken ? post : submit}
        isBusy={isSubmitting}
        summary={{ items: isSummaryShown ? items : [], focusKey }}
        {...(posting ? { method: 'post', action: posting.action } : {})}
      >
        {/* Field messages show as fields are left; the summary only after a submit. */}
        <fieldset className={styles.section}>
          <legend>{t('inviteCredentials.loginLegend')}</legend>
          <UsernamePasswordFields
            usernameId="credentials-username"
            passwordId="credentials-password"
            usernameError={usernameError}
            passwordError={errorText(errors.credentials?.password)}
            passwordValue={password}
            identity={{ username, email }}
            usernameDefault={defaultValues.credentials.username || undefined}
            username={register('credentials.username', {
              onBlur: () => void usernameCheck.checkOnServer(),
              onChange: usernameCheck.forget,
            })}
            password={register('credentials.password')}
          />
          {consentPlacement === 'inside' ? consent : null}
        </fieldset>

        <ReferralFields labels="inviteCredentials" errorText={errorText} />

        <fieldset className={styles.section}>
          <legend>{t('inviteCredentials.securityLegend')}</legend>
          <p className={credentialsStyles.hint}>{t('inviteCredentials.securityIntro')}</p>
          <TextField
            id="security-securityQuestion"
            label={t('inviteCredentials.securityQuestion')}
            hint={t('inviteCredentials.securityTextHint')}
            autoComplete="off"
            error={errorText(errors.security?.securityQuestion)}
            defaultValue={defaultValues.security.securityQuestion || undefined}
            {...register('security.securityQuestion')}
          />
          <TextField
            id="security-securityAnswer"
            label={t('inviteCredentials.securityAnswer')}
            hint={t('inviteCredentials.securityTextHint')}
            autoComplete="off"
            error={errorText(errors.security?.securityAnswer)}
            {...register('security.securityAnswer')}
          />
          <SecurityCodeField
            id="security-securityCode"
            label={t('inviteCredentials.securityCode')}
            hint={t('inviteCredentials.securityCodeHint')}
            error={errorText(errors.security?.securityCode)}
            {...register('security.securityCode')}
          />
          <SecurityCodeField
            id="security-confirmCode"
            label={t('inviteCredentials.confirmCode')}
            error={errorText(errors.security?.confirmCode)}
            {...register('security.confirmCode')}
          />
        </fieldset>

        {consentPlacement === 'below' ? consent : null}
        <div className={credentialsStyles.actions}>
          {/* Disabled for assistive technology and to the eye, yet still pressable: pressing it
              lists what is missing, so the reason never hides behind a dead button. */}
          <Button
            type="submit"
            isLoading={isSubmitting}
            aria-disabled={isNotReady ? true : undefined}
            aria-describedby={isNotReady ? INCOMPLETE_HINT_ID : undefined}
          >
            {t('credentials.submit')}
          </Button>
          {isNotReady ? (
            <p id={INCOMPLETE_HINT_ID} className={credentialsStyles.hint}>
              {t('inviteCredentials.incompleteHint')}
            </p>
          ) : null}
        </div>
      </SummarisedForm>
    </FormProvider>
  );
}
