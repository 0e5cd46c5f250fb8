import type { BillingFormValues } from '@coparent/domain';
import {
  DUPLICATE_PARENT_FIELD,
  hasBlockingErrors,
  isConsentRequired,
  type ValidationError,
} from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { useTooManyAttempts } from '@/lib/use-too-many-attempts';
import { useCheckoutSession } from '../checkout-session';
import { useCheckoutStore } from '../checkout-store';

export type BillingSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** The field the billing save names when it answered nothing at all. */
const UNKNOWN_FIELD = 'unknown';

/** Saved, with the consent requirement the server decided. */
type BillingSaved = { consentRequired: boolean };

/**
 * The billing save of the flow (Parent A: PARENT, ADDRESS, REFERRAL; invited: PARENT, ADDRESS).
 * Field errors go back to the form; an answer that ends the visit (the flow gone, a duplicate
 * parent) leaves the page; anything else shows the page's problem.
 */
export function useSaveBilling() {
  const { t } = useTranslation();
  const session = useCheckoutSession();
  const mutation = useMutation({
    mutationKey: ['checkout', 'billing', session.flowId],
    mutationFn: session.calls.saveBilling,
  });
  const [hasProblem, setHasProblem] = useState(false);
  const tooMany = useTooManyAttempts();

  /** Handles the answers that end the visit; true when it did. */
  const leftThePage = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    if (session.calls.isGone(error.status) || error.code === 'SECTION_OUT_OF_ORDER') {
      session.onSessionGone();
      return true;
    }
    if (error.code === 'DUPLICATE_PARENT' && session.onDuplicateParent) {
      session.onDuplicateParent();
      return true;
    }
    return false;
  };

  const fieldErrorsOrLeave = (errors: ValidationError[]): BillingSubmitResult => {
    if (session.onDuplicateParent && errors.some((e) => e.field === DUPLICATE_PARENT_FIELD)) {
      session.onDuplicateParent();
      return undefined;
    }
    return { fieldErrors: errors };
  };

  const save = async (values: BillingFormValues): Promise<BillingSaved | BillingSubmitResult> => {
    setHasProblem(false);
    try {
      const answer = await mutation.mutateAsync(values);
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
      if (leftThePage(error) || tooMany.noteRefusal(error)) return undefined;
      setHasProblem(true);
      return undefined;
    }
  };

  /** Keeps the saved billing for Payment and Review (the consent requirement follows it). */
  const record = (values: BillingFormValues, consentRequired: boolean) => {
    useCheckoutStore
      .getState()
      .setBilling(
        { ...values.billing, billingAddress2: values.billing.billingAddress2 ?? '' },
        consentRequired,
      );
    session.onBillingCountrySaved?.(values.billing.country);
    track('Checkout Step Completed', { step: 1, stepName: 'BILLING' });
  };

  return {
    save,
    record,
    leftThePage,
    isSaving: mutation.isPending,
    hasProblem,
    setHasProblem,
    /** The seconds the server asked to wait after too many attempts, while the wait lasts. */
    waitSeconds: tooMany.waitSeconds,
    noteRefusal: tooMany.noteRefusal,
  };
}

export function isSaved(result: BillingSaved | BillingSubmitResult): result is BillingSaved {
  return Boolean(result && 'consentRequired' in result);
}
