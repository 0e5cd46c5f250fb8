import {
  ACCOUNT_BILLING_FORM_FIELDS,
  type Billing,
  billingSchema,
  supportPhoneFor,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BillingAddressFields } from '@/components/billing-address-fields';
import { Button } from '@/components/button';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { applyServerErrors, errorSummaryItems } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import styles from './account-billing.module.css';
import type { BillingFormInput } from './billing-draft';

/** The form's values sit under `billing`, so field ids match the checkout's (`billing-city`). */
type BillingAddressFormInput = { billing: BillingFormInput };
type BillingAddressFormValues = { billing: Billing };

// The checkout's billing rules, as the domain writes them (the server runs the same ones).
const resolver = zodResolver(z.object({ billing: billingSchema })) as unknown as Resolver<
  BillingAddressFormInput,
  unknown,
  BillingAddressFormValues
>;

function formPathFor(field: string): Path<BillingAddressFormInput> | undefined {
  const name = ACCOUNT_BILLING_FORM_FIELDS[field as keyof typeof ACCOUNT_BILLING_FORM_FIELDS];
  return name ? `billing.${name}` : undefined;
}

/** What a save tells the form: done, or the server's field errors to place. */
export type BillingSaveResult = { fieldErrors: ValidationError[] } | undefined;

type BillingAddressFormProps = {
  defaultValues: BillingFormInput;
  onSubmit: (values: Billing) => Promise<BillingSaveResult>;
  /** Every change of what is typed (the page keeps it for the tab). */
  onDraftChange: (values: Partial<BillingFormInput>) => void;
  isSubmitting: boolean;
  onErrorsChange: (hasErrors: boolean) => void;
};

/**
 * The billing address and time zone with the checkout's rules and dependencies (the shared
 * BillingAddressFields; the checkout's BillingForm also asks the referral and keeps its draft in
 * the checkout store).
 */
export function BillingAddressForm({
  defaultValues,
  onSubmit,
  onDraftChange,
  isSubmitting,
  onErrorsChange,
}: BillingAddressFormProps) {
  const { t } = useTranslation();
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const form = useForm<BillingAddressFormInput, unknown, BillingAddressFormValues>({
    resolver,
    defaultValues: { billing: defaultValues },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { formState, watch, handleSubmit, setError } = form;

  useEffect(() => {
    const subscription = watch((values) => {
      if (values.billing) onDraftChange(values.billing as Partial<BillingFormInput>);
    });
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const country = watch('billing.country');
  const errorText = useFieldErrorText(supportPhoneFor(country).display);

  const errors = formState.errors;
  const items: ErrorSummaryItem[] = errorSummaryItems(
    errors,
    errorText,
    unplaced.map((error) => error.text),
  );
  const hasErrors = items.length > 0;
  useEffect(() => onErrorsChange(hasErrors), [hasErrors, onErrorsChange]);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values.billing);
      if (result?.fieldErrors.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, formPathFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  return (
    <FormProvider {...form}>
      <form
        className={styles.form}
        noValidate
        onSubmit={submit}
        aria-busy={isSubmitting || undefined}
      >
        <ErrorSummary items={items} focusKey={focusKey} />
        <BillingAddressFields labels="accountBilling.form" errorText={errorText} />
        <div className={styles.actions}>
          <Button type="submit" isLoading={isSubmitting}>
            {t('accountBilling.form.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
