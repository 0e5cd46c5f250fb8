import { billingFormToRequest, isSignupResetStatus, referralToSave } from '@coparent/domain';
import { priceSignup } from '@/api/price-signup';
import { getAnonymousId } from '@/lib/anonymous-id';
import type { SignupKey } from '@/stores/funnel-store';
import type { CheckoutCalls } from '../checkout-session';
import { checkCountry } from './check-country';
import { paySignup } from './pay-signup';
import { saveBilling } from './save-billing';

type SignupCheckout = SignupKey & {
  parentDuplicateConfirmed: boolean;
  coParentDuplicateConfirmed: boolean;
};

/** Parent A's checkout calls: bound to the signup and its `X-Registration-Key`. */
export function signupCheckoutCalls({
  signupId,
  registrationKey,
  parentDuplicateConfirmed,
  coParentDuplicateConfirmed,
}: SignupCheckout): CheckoutCalls {
  const signup = { signupId, registrationKey };
  return {
    saveBilling: (values) => {
      const body = {
        ...billingFormToRequest(values.billing, {
          // A follow-up typed for another answer is kept in the form but not sent.
          referral: referralToSave(values.referral),
          parentDuplicateConfirmed,
        }),
        segmentAnonymousId: getAnonymousId(),
      };
      return saveBilling({ ...signup, body });
    },
    checkCountry: (body) => checkCountry({ ...signup, body }),
    price: (body) => priceSignup({ ...signup, body }),
    pay: ({ idempotencyKey, body }) =>
      paySignup({
        ...signup,
        idempotencyKey,
        body: { ...body, parentDuplicateConfirmed, coParentDuplicateConfirmed },
      }),
    // 403 (registration key) and 404 (signup unknown or expired): start again at /step1.
    isGone: isSignupResetStatus,
  };
}
