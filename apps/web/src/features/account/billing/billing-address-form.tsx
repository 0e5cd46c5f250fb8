import {
  ACCOUNT_BILLING_FORM_FIELDS,
  type Billing,
  billingSchema,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { FormProvider, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BillingAddressFields } from '@/components/billing-address-fields';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { useBillingAddressForm } from '@/components/use-billing-address-form';
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
  const keepDraft = useCallback(
    (values: Partial<BillingAddressFormInput>) => {
      if (values.billing) onDraftChange(values.billing as Partial<BillingFormInput>);
    },
    [onDraftChange],
  );
  const { form, errorText, items, focusKey, submit } = useBillingAddressForm({
    resolver,
    defaultValues: { billing: defaultValues },
    onDraftChange: keepDraft,
    onSubmit: (values) => onSubmit(values.billing),
    fieldFor: formPathFor,
    onErrorsChange,
  });

  return (
    <FormProvider {...form}>
      <SummarisedForm
        className={styles.form}
        onSubmit={submit}
        isBusy={isSubmitting}
        summary={{ items, focusKey }}
      >
        <BillingAddressFields labels="accountBilling.form" errorText={errorText} />
        <SubmitRow className={styles.actions} isLoading={isSubmitting}>
          {t('accountBilling.form.submit')}
        </SubmitRow>
      </SummarisedForm>
    </FormProvider>
  );
}
