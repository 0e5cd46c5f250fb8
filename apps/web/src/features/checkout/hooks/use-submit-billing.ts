import type { BillingFormValues } from '@coparent/domain';
import { dialCodeDigits, type SavedOrder } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { useCheckoutSession } from '../checkout-session';
import { useCheckoutStore } from '../checkout-store';
import { type BillingSubmitResult, isSaved, useSaveBilling } from './use-save-billing';

type Mismatch = { resolve: (isConfirmed: boolean) => void };

/** The country check's outcome: go on to the save, or stop with what the form should show. */
type CountryOutcome = { goOn: true } | { goOn: false; result?: BillingSubmitResult };
const STOP: CountryOutcome = { goOn: false };

/**
 * The Billing view's submit: the country-criteria check (a mismatch asks first; OK saves and goes
 * back to the packages), then the billing save. Saved: a subscription already current goes on
 *; otherwise the consent requirement follows the country and the view moves on to
 * Payment.
 */
export function useSubmitBilling(order: SavedOrder) {
  const session = useCheckoutSession();
  const checkCountry = useMutation({
    mutationKey: ['checkout', 'country-check', session.flowId],
    mutationFn: session.calls.checkCountry,
  });
  const billing = useSaveBilling();
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);

  const checkTheCountry = async (values: BillingFormValues): Promise<CountryOutcome> => {
    const { phoneCountryCode, phoneNumber } = session.parent;
    try {
      await checkCountry.mutateAsync({
        packageId: order.packageId,
        countryCriteria: {
          country: values.billing.country,
          ...(phoneCountryCode ? { countryCode: dialCodeDigits(phoneCountryCode) } : {}),
          ...(phoneNumber ? { phoneNumber } : {}),
        },
      });
      return { goOn: true };
    } catch (error) {
      if (isApiError(error) && error.code === 'COUNTRY_MISMATCH') {
        const isConfirmed = await new Promise<boolean>((resolve) => setMismatch({ resolve }));
        setMismatch(null);
        if (!isConfirmed) return STOP;
        const saved = await billing.save(values);
        if (!isSaved(saved)) return { goOn: false, result: saved };
        billing.record(values, saved.consentRequired);
        track('Country Mismatch Confirmed', { packageId: order.packageId });
        session.onChoosePackageAgain();
        return STOP;
      }
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return { goOn: false, result: { fieldErrors: error.fieldErrors } };
      }
      if (!billing.leftThePage(error) && !billing.noteRefusal(error)) billing.setHasProblem(true);
      return STOP;
    }
  };

  const submit = async (values: BillingFormValues): Promise<BillingSubmitResult> => {
    billing.setHasProblem(false);
    const country = await checkTheCountry(values);
    if (!country.goOn) return country.result;
    const saved = await billing.save(values);
    if (!isSaved(saved)) return saved;
    billing.record(values, saved.consentRequired);
    if (session.isSubscriptionCurrent && session.onAlreadyPaid) {
      session.onAlreadyPaid();
      return undefined;
    }
    const store = useCheckoutStore.getState();
    store.completePaymentStep(1);
    store.setView('PAYMENT');
    return undefined;
  };

  return {
    submit,
    isSubmitting: checkCountry.isPending || billing.isSaving || mismatch !== null,
    hasProblem: billing.hasProblem,
    waitSeconds: billing.waitSeconds,
    /** The country-mismatch question, while it is asked. */
    isMismatchOpen: mismatch !== null,
    answerMismatch: (isConfirmed: boolean) => mismatch?.resolve(isConfirmed),
  };
}
