import { type SavedBilling, supportPhoneFor, type ValidationError } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingAddressFields } from '@/components/billing-address-fields';
import { Button } from '@/components/button';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { ReferralFields } from '@/components/referral-fields';
import { TextField } from '@/components/text-field';
import { applyServerErrors, errorSummaryItems } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import type { BillingDraft } from '../billing-values';
import {
  type BillingFormInput,
  BillingFormSchema,
  type BillingFormValues,
  BillingOnlyFormSchema,
  billingDefaults,
  billingFieldFor,
} from '../billing-values';
import { useCheckoutStore } from '../checkout-store';
import type { BillingSubmitResult } from '../hooks/use-save-billing';
import styles from './checkout.module.css';

// The form holds '' for "not chosen yet"; the schema's messages say what is missing.
type BillingResolver = Resolver<BillingFormInput, unknown, BillingFormValues>;
const withReferral = zodResolver(BillingFormSchema) as unknown as BillingResolver;
const withoutReferral = zodResolver(BillingOnlyFormSchema) as unknown as BillingResolver;

/** The form's id: "Try again" in the page's error banner submits it again. */
export const BILLING_FORM_ID = 'billing-form';

type BillingFormProps = {
  parent: { firstName: string; lastName: string; email: string };
  saved: SavedBilling | null | undefined;
  defaultCountry: string;
  onSubmit: (values: BillingFormValues) => Promise<BillingSubmitResult>;
  isSubmitting: boolean;
  /** Tells the page whether the form shows problems (for the page title). */
  onErrorsChange: (hasErrors: boolean) => void;
  backButton: ReactNode;
  /** The referral question (spec 001 §2: not for invited users). */
  showReferral: boolean;
  /** The submit button's text (default 'Continue to payment'). */
  submitLabel?: string;
};

/**
 * The Billing view (spec 001 §2): read-only name and email; the address, country, region, postal
 * code and time zone; the referral question where the flow asks it. A new country clears the
 * region and the time zone; a new region clears the time zone. What is typed is kept for the tab.
 */
export function BillingForm({
  parent,
  saved,
  defaultCountry,
  onSubmit,
  isSubmitting,
  onErrorsChange,
  backButton,
  showReferral,
  submitLabel,
}: BillingFormProps) {
  const { t } = useTranslation();
  const setDraft = useCheckoutStore((s) => s.setBillingDraft);
  const [initialDraft] = useState(() => useCheckoutStore.getState().billingDraft);
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const form = useForm<BillingFormInput, unknown, BillingFormValues>({
    resolver: showReferral ? withReferral : withoutReferral,
    defaultValues: billingDefaults(initialDraft, saved, defaultCountry),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { formState, watch, handleSubmit, setError } = form;

  useEffect(() => {
    const subscription = watch((values) => setDraft(values as BillingDraft));
    return () => subscription.unsubscribe();
  }, [watch, setDraft]);

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
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, billingFieldFor));
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
        id={BILLING_FORM_ID}
        className={styles.form}
        noValidate
        onSubmit={submit}
        aria-busy={isSubmitting || undefined}
      >
        <ErrorSummary items={items} focusKey={focusKey} />
        <h2 className={styles.viewHeading}>{t('checkout.billing.heading')}</h2>
        <p className={styles.intro}>{t('checkout.billing.intro')}</p>
        <div className={styles.nameRow}>
          <TextField
            id="billing-firstName"
            label={t('checkout.billing.firstName')}
            value={parent.firstName}
            readOnly
            autoComplete="given-name"
          />
          <TextField
            id="billing-lastName"
            label={t('checkout.billing.lastName')}
            value={parent.lastName}
            readOnly
            autoComplete="family-name"
          />
        </div>
        <TextField
          id="billing-email"
          label={t('checkout.billing.email')}
          hint={t('checkout.billing.readOnlyHint')}
          value={parent.email}
          readOnly
          type="email"
          autoComplete="email"
        />
        <BillingAddressFields labels="checkout.billing" errorText={errorText} />
        {showReferral ? <ReferralFields labels="checkout.billing" errorText={errorText} /> : null}
        <div className={styles.actions}>
          <Button type="submit" isLoading={isSubmitting}>
            {submitLabel ?? t('checkout.billing.submit')}
          </Button>
          {backButton}
        </div>
      </form>
    </FormProvider>
  );
}
