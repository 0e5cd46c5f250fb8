import {
  EMAIL_MAX_LENGTH,
  type RecoveryLookupForm,
  RecoveryLookupFormSchema,
  recoveryLookupRequest,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { PhoneField } from '@/components/phone-field';
import { RadioGroup } from '@/components/radio-group';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { UsernameField } from '@/components/username-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import { useLookupAccount } from '../api/recovery-api';
import { useRecoveryProblems } from '../hooks/use-recovery-problems';
import styles from './recovery.module.css';

type LookupFormProps = {
  values: RecoveryLookupForm;
  /** MULTIPLE: the phone matched several accounts, so only the username is asked. */
  isUsernameOnly: boolean;
  onChange: (values: RecoveryLookupForm) => void;
  onFound: (recoveryId: string, values: RecoveryLookupForm) => void;
  onMultiple: (values: RecoveryLookupForm) => void;
  onErrorsChange: (hasErrors: boolean) => void;
};

const FIELDS = ['method', 'email', 'username', 'countryCode', 'phone'] as const;
type LookupField = (typeof FIELDS)[number];
const isLookupField = (field: string): field is LookupField =>
  (FIELDS as readonly string[]).includes(field);

/** INITIAL and MULTIPLE: how to find the account (email, username, or phone with its code). */
export function LookupForm({
  values,
  isUsernameOnly,
  onChange,
  onFound,
  onMultiple,
  onErrorsChange,
}: LookupFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const lookup = useLookupAccount();
  const form = useSummaryForm<RecoveryLookupForm>(
    zodResolver(RecoveryLookupFormSchema),
    isUsernameOnly ? { ...values, method: 'username' } : values,
    'onLeave',
  );
  const { register, control, formState, watch, handleSubmit, setError } = form;
  const method = watch('method');

  // What the person types survives a reload.
  useDraftSync(watch, onChange);

  const { summary, clear, fail, failCall } = useRecoveryProblems(
    formState.errors,
    errorText,
    onErrorsChange,
  );

  const submit = handleSubmit(
    async (filled) => {
      clear();
      try {
        const answer = await lookup.mutateAsync(recoveryLookupRequest(filled));
        if (answer.result === 'MULTI') onMultiple({ ...filled, method: 'username' });
        else onFound(answer.recoveryId, filled);
      } catch (error) {
        failCall(error, (fieldErrors) =>
          applyServerErrors(fieldErrors, setError, (field) =>
            isLookupField(field) ? field : undefined,
          ).map((e) => e.text),
        );
      }
    },
    () => fail(),
  );

  const errors = formState.errors;
  return (
    <SummarisedForm
      className={styles.form}
      onSubmit={submit}
      isBusy={lookup.isPending}
      summary={summary}
    >
      {isUsernameOnly ? null : (
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <RadioGroup
              id="method"
              name={field.name}
              legend={t('recover.method.legend')}
              options={[
                { value: 'email', label: t('recover.method.email') },
                { value: 'username', label: t('recover.method.username') },
                { value: 'phone', label: t('recover.method.phone') },
              ]}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(errors.method)}
              inputRef={field.ref}
            />
          )}
        />
      )}
      {method === 'email' ? (
        <EmailField
          id="email"
          label={t('recover.email')}
          maxLength={EMAIL_MAX_LENGTH}
          error={errorText(errors.email)}
          {...register('email')}
        />
      ) : null}
      {method === 'username' ? (
        <UsernameField
          id="username"
          label={t('recover.username')}
          maxLength={200}
          error={errorText(errors.username)}
          {...register('username')}
        />
      ) : null}
      {method === 'phone' ? (
        <PhoneField
          codeId="countryCode"
          numberId="phone"
          legend={t('recover.phoneLegend')}
          hint={t('recover.phoneHint')}
          codeError={errorText(errors.countryCode)}
          numberError={errorText(errors.phone)}
          codeProps={register('countryCode')}
          numberProps={register('phone')}
        />
      ) : null}
      <SubmitRow className={styles.actions} isLoading={lookup.isPending}>
        {t('recover.submit')}
      </SubmitRow>
    </SummarisedForm>
  );
}
