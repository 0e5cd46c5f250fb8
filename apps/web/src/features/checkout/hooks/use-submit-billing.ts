import {
  billingFormToRequest,
  DUPLICATE_PARENT_FIELD,
  dialCodeDigits,
  hasBlockingErrors,
  isConsentRequired,
  isSignupResetStatus,
  referralNeedsDetail,
  type SavedOrder,
  type ValidationError,
} from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics';
import { getAnonymousId } from '../../../lib/anonymous-id';
import { isApiError } from '../../../lib/api-client';
import { useCheckCountry } from '../api/check-country';
import { useSaveBilling } from '../api/save-billing';
import type { BillingFormValues } from '../billing-values';
import { useCheckoutSession } from '../checkout-session';
import { useCheckoutStore } from '../checkout-store';

export type BillingSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** The field the billing save names when it answered nothing at all (spec 001 §7). */
export const UNKNOWN_FIELD = 'unknown';

type Mismatch = { resolve: (isConfirmed: boolean) => void };

/**
 * The Billing view's submit: the country-criteria check (a mismatch asks first; OK forgets the
 * package, saves and goes back to /step3), then the billing save (PARENT, ADDRESS, REFERRAL).
 * Saved: the consent requirement follows the country and the view moves on to Payment.
 */
export function useSubmitBilling(order: SavedOrder) {
  const { t } = useTranslation();
  const session = useCheckoutSession();
  const checkCountry = useCheckCountry();
  const saveBilling = useSaveBilling();
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const [hasProblem, setHasProblem] = useState(false);

  /** Handles the answers that end the visit; true when it did. */
  const leftThePage = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    if (isSignupResetStatus(error.status) || error.code === 'SECTION_OUT_OF_ORDER') {
      session.onSignupGone();
      return true;
    }
    if (error.code === 'DUPLICATE_PARENT') {
      session.onDuplicateParent();
      return true;
    }
    return false;
  };

  const fieldErrorsOrLeave = (errors: ValidationError[]): BillingSubmitResult => {
    if (errors.some((e) => e.field === DUPLICATE_PARENT_FIELD)) {
      session.onDuplicateParent();
      return undefined;
    }
    return { fieldErrors: errors };
  };

  /** Saves the billing; the saved values with the consent requirement, or what went wrong. */
  const save = async (
    values: BillingFormValues,
  ): Promise<{ consentRequired: boolean } | BillingSubmitResult> => {
    const body = {
      ...billingFormToRequest(values.billing, {
        // A follow-up typed for another answer is kept in the form but not sent.
        referral: {
          selection: values.referral.selection,
          ...(referralNeedsDetail(values.referral.selection) && values.referral.other
            ? { other: values.referral.other }
            : {}),
        },
        parentDuplicateConfirmed: session.parentDuplicateConfirmed,
      }),
      segmentAnonymousId: getAnonymousId(),
    };
    try {
      const answer = await saveBilling.mutateAsync({
        signupId: session.signupId,
        registrationKey: session.registrationKey,
        body,
      });
      if (!answer) {
        return {
          fieldErrors: [{ field: UNKNOWN_FIELD, text: t('unexpectedError', { ns: 'validation' }) }],
        };
      }
      if (hasBlockingErrors(answer.validationErrors)) {
        return fieldErrorsOrLeave(answer.validationErrors);
      }
      return {
        consentRequired: answer.consentRequired ?? isConsentRequired(values.billing.country),
      };
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return fieldErrorsOrLeave(error.fieldErrors);
      }
      if (leftThePage(error)) return undefined;
      setHasProblem(true);
      return undefined;
    }
  };

  const recordSaved = (values: BillingFormValues, consentRequired: boolean) => {
    const store = useCheckoutStore.getState();
    store.setBilling(
      { ...values.billing, billingAddress2: values.billing.billingAddress2 ?? '' },
      consentRequired,
    );
    session.onBillingCountrySaved(values.billing.country);
    track('Checkout Step Completed', { step: 1, stepName: 'BILLING' });
  };

  const submit = async (values: BillingFormValues): Promise<BillingSubmitResult> => {
    setHasProblem(false);
    const { phoneCountryCode, phoneNumber } = session.parent;
    try {
      await checkCountry.mutateAsync({
        signupId: session.signupId,
        registrationKey: session.registrationKey,
        body: {
          packageId: order.packageId,
          countryCriteria: {
            country: values.billing.country,
            ...(phoneCountryCode ? { countryCode: dialCodeDigits(phoneCountryCode) } : {}),
            ...(phoneNumber ? { phoneNumber } : {}),
          },
        },
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'COUNTRY_MISMATCH') {
        const isConfirmed = await new Promise<boolean>((resolve) => setMismatch({ resolve }));
        setMismatch(null);
        if (!isConfirmed) return undefined;
        const saved = await save(values);
        if (saved && 'consentRequired' in saved) {
          recordSaved(values, saved.consentRequired);
          track('Country Mismatch Confirmed', { packageId: order.packageId });
          session.onChoosePackageAgain();
          return undefined;
        }
        return saved;
      }
      if (isApiError(error) && error.fieldErrors.length > 0)
        return { fieldErrors: error.fieldErrors };
      if (leftThePage(error)) return undefined;
      setHasProblem(true);
      return undefined;
    }

    const saved = await save(values);
    if (!saved || !('consentRequired' in saved)) return saved;
    recordSaved(values, saved.consentRequired);
    const store = useCheckoutStore.getState();
    store.completePaymentStep(1);
    store.setView('PAYMENT');
    return undefined;
  };

  return {
    submit,
    isSubmitting: checkCountry.isPending || saveBilling.isPending || mismatch !== null,
    hasProblem,
    /** The country-mismatch question, while it is asked. */
    isMismatchOpen: mismatch !== null,
    answerMismatch: (isConfirmed: boolean) => mismatch?.resolve(isConfirmed),
  };
}
