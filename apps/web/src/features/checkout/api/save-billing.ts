import type { UpdateBillingSectionRequestInput } from '@coparent/domain';
import { patchSignup } from '@/api/patch-signup';
import type { SignupKey } from '@/stores/funnel-store';
import type { SaveBillingAnswer } from '../checkout-session';

type SaveBillingInput = SignupKey & { body: UpdateBillingSectionRequestInput };

/** A billing save's answer as the views read it (null when the server answered nothing). */
export function toSaveBillingAnswer(answer: unknown): SaveBillingAnswer {
  if (!answer || typeof answer !== 'object') return null;
  const { validationErrors, consentRequired } = answer as Partial<NonNullable<SaveBillingAnswer>>;
  return {
    validationErrors: Array.isArray(validationErrors) ? validationErrors : [],
    ...(typeof consentRequired === 'boolean' ? { consentRequired } : {}),
  };
}

/**
 * PATCH /v2/signups/{signupId} with sections ['PARENT', 'ADDRESS', 'REFERRAL']: the billing
 * address, the time zone and the referral answer. 422 `validationErrors` saves nothing.
 */
export async function saveBilling(input: SaveBillingInput): Promise<SaveBillingAnswer> {
  return toSaveBillingAnswer(await patchSignup(input));
}
