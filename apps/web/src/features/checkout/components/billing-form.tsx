import {
  BillingFormSchema,
  type BillingFormValues,
  BillingOnlyFormSchema,
  billingFieldsFromForm,
  COUNTRY_MISMATCH_CONFIRMED_FIELD,
  PAYMENT_VIEW_FIELD,
  type SavedBilling,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { FormProvider, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BillingAddressFields } from '@/components/billing-address-fields';
import { Button } from '@/components/button';
import { ReferralFields } from '@/components/referral-fields';
import { SummarisedForm } from '@/components/summarised-form';
import { useBillingAddressForm } from '@/components/use-billing-address-form';
import { submittedFormErrors } from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { type BillingFormInput, billingDefaults, billingFieldFor } from '../billing-values';
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
  /** The server asked to wait after too many attempts: the submit works again once it is over. */
  isWaiting?: boolean;
  /** Tells the page whether the form shows problems (for the page title). */
  onErrorsChange: (hasErrors: boolean) => void;
  backButton: ReactNode;
  /** The referral question (not for invited users). */
  showReferral: boolean;
  /** The submit button's text (default 'Continue to payment'). */
  submitLabel?: string;
  /**
   * Where the form posts without a script (a page the server wrote), and the post it answers:
   * its values in the fields and its problems shown from the start.
   */
  posting?: { action: string; submission: FormSubmission | undefined };
};

/** What a posted form shows first: its values, and the problems its schema and the server found. */
function postedStart(submission: FormSubmission, showReferral: boolean) {
  const fields = billingFieldsFromForm(submission.values);
  const problems = submittedFormErrors<BillingFormInput>(
    showReferral ? BillingFormSchema : BillingOnlyFormSchema,
    fields,
    submission.errors,
    billingFieldFor,
  );
  return { fields, problems };
}

/**
 * The Billing view: the name and email as text (changed on step 1); the address, country, region, postal
 * code and time zone; the referral question where the flow asks it. A new country clears the
 * region and the time zone; a new region clears the time zone. What is typed is kept for the tab.
 */
export function BillingForm({
  parent,
  saved,
  defaultCountry,
  onSubmit,
  isSubmitting,
  isWaiting = false,
  onErrorsChange,
  backButton,
  showReferral,
  submitLabel,
  posting,
}: BillingFormProps) {
  const { t } = useTranslation();
  const setDraft = useCheckoutStore((s) => s.setBillingDraft);
  // A page the server wrote starts from what it wrote (the tab's draft would not match it).
  const [initialDraft] = useState(() =>
    posting ? undefined : useCheckoutStore.getState().billingDraft,
  );
  const [posted] = useState(() =>
    posting?.submission ? postedStart(posting.submission, showReferral) : undefined,
  );
  const isCountryMismatch = Boolean(
    posting?.submission?.errors.some((error) => error.field === COUNTRY_MISMATCH_CONFIRMED_FIELD),
  );
  const { form, errorText, items, focusKey, submit } = useBillingAddressForm({
    resolver: showReferral ? withReferral : withoutReferral,
    defaultValues: posted?.fields ?? billingDefaults(initialDraft, saved, defaultCountry),
    onDraftChange: setDraft as (values: Partial<BillingFormInput>) => void,
    onSubmit,
    fieldFor: billingFieldFor,
    onErrorsChange,
    firstProblems: posted?.problems,
  });

  return (
    <FormProvider {...form}>
      <SummarisedForm
        id={BILLING_FORM_ID}
        className={styles.form}
        onSubmit={submit}
        isBusy={isSubmitting}
        summary={{ items, focusKey }}
        {...(posting ? { method: 'post', action: posting.action } : {})}
      >
        {posting ? <input type="hidden" name={PAYMENT_VIEW_FIELD} value="BILLING" /> : null}
        <h2 className={styles.viewHeading}>{t('checkout.billing.heading')}</h2>
        <p className={styles.intro}>{t('checkout.billing.intro')}</p>
        {/* Not fields: nothing here can be typed, so it reads as text. */}
        <dl className={styles.holder}>
          <div>
            <dt>{t('checkout.billing.name')}</dt>
            <dd>{`${parent.firstName} ${parent.lastName}`.trim()}</dd>
          </div>
          <div>
            <dt>{t('checkout.billing.email')}</dt>
            <dd>{parent.email}</dd>
          </div>
        </dl>
        <p className={styles.hint}>{t('checkout.billing.readOnlyHint')}</p>
        <BillingAddressFields labels="checkout.billing" errorText={errorText} />
        {showReferral ? <ReferralFields labels="checkout.billing" errorText={errorText} /> : null}
        <div className={styles.actions}>
          <Button type="submit" isLoading={isSubmitting} disabled={isWaiting}>
            {submitLabel ?? t('checkout.billing.submit')}
          </Button>
          {isCountryMismatch ? (
            // The server said the package is not sold in this country: confirm, or change it.
            <Button
              type="submit"
              variant="secondary"
              name={COUNTRY_MISMATCH_CONFIRMED_FIELD}
              value="yes"
            >
              {t('checkout.mismatch.ok')}
            </Button>
          ) : null}
          {backButton}
        </div>
      </SummarisedForm>
    </FormProvider>
  );
}
