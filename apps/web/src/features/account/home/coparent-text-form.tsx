import {
  type CoParentText,
  isPhoneCodeId,
  type ResendCoParentTextInput,
  ResendCoParentTextRequestSchema,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PhoneField } from '@/components/phone-field';
import { SummarisedForm } from '@/components/summarised-form';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useSummaryForm } from '@/lib/use-summary-form';
import styles from './account-home.module.css';

const FIELDS = new Set<string>(['phoneCountryCode', 'phoneNumber']);

type CoParentTextFormProps = {
  state: CoParentText;
  /** Sends the invitation again; resolves when done, throws the call's error otherwise. */
  onResend: (values: ResendCoParentTextInput) => Promise<void>;
};

/**
 * The co-parent's number as it is stored, to correct, and "Send the invitation again": checked
 * with the signup's phone rules first; the server's refusals (a number that opted out) show beside
 * the number, the once-a-day limit and any other failure in the error summary, which takes focus.
 */
export function CoParentTextForm({ state, onResend }: CoParentTextFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const form = useSummaryForm<ResendCoParentTextInput>(
    zodResolver(ResendCoParentTextRequestSchema),
    {
      phoneCountryCode: isPhoneCodeId(state.phoneCountryCode) ? state.phoneCountryCode : 'MEXICO',
      phoneNumber: state.phoneNumber,
    },
    'onSubmitThenChange',
  );
  const { register, formState, handleSubmit, setError } = form;
  const problems = useFormProblems(formState.errors, errorText);

  const submit = handleSubmit(
    async (values) => {
      problems.clear();
      try {
        await onResend(values);
      } catch (error) {
        if (isApiError(error) && error.fieldErrors.length > 0) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, (field) =>
            FIELDS.has(field) ? (field as keyof ResendCoParentTextInput) : undefined,
          );
          problems.fail(unplaced.map((e) => e.text));
        } else {
          problems.fail([t('genericErrorMessage', { ns: 'validation' })]);
        }
      }
    },
    () => problems.fail([]),
  );

  return (
    <SummarisedForm
      className={styles.resendForm}
      onSubmit={submit}
      isBusy={formState.isSubmitting}
      summary={problems.summary}
    >
      <PhoneField
        codeId="phoneCountryCode"
        numberId="phoneNumber"
        legend={t('accountHome.coParentText.phoneLegend')}
        codeError={errorText(formState.errors.phoneCountryCode)}
        numberError={errorText(formState.errors.phoneNumber)}
        codeProps={register('phoneCountryCode')}
        numberProps={{ ...register('phoneNumber'), autoComplete: 'off' }}
      />
      <Button type="submit" isLoading={formState.isSubmitting}>
        {t('accountHome.coParentText.submit')}
      </Button>
    </SummarisedForm>
  );
}
