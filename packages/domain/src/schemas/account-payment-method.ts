import { z } from 'zod';
import { errorKey } from '../validation/fields.js';
import { AccountPaymentMethodSchema } from './account-billing.js';
import { ValidationErrorsResponseSchema } from './validation-errors.js';

/**
 * Updating the card or wallet on file from the account's billing page (docs/account.md,
 * decision 060): the payment fields of the checkout give a nonce, the server vaults it (verified)
 * for the payer and the renewal charges it from then on.
 */

/** The longest nonce we accept (Braintree's are well under 100 characters). */
export const PAYMENT_METHOD_NONCE_MAX_LENGTH = 4096;

/** PUT /v2/account/payment-method: the nonce of the payment fields (never card data). */
export const AccountPaymentMethodUpdateRequestSchema = z.object(
  {
    nonce: z
      .string(errorKey('payment_nonce_error'))
      .trim()
      .min(1, errorKey('payment_nonce_error'))
      .max(PAYMENT_METHOD_NONCE_MAX_LENGTH, errorKey('payment_nonce_error')),
  },
  errorKey('invalidValue'),
);
export type AccountPaymentMethodUpdateRequest = z.infer<
  typeof AccountPaymentMethodUpdateRequestSchema
>;

/** 200: the method now on file (what the billing and subscription pages show). */
export const AccountPaymentMethodUpdateResponseSchema = z.object({
  paymentMethod: AccountPaymentMethodSchema,
});
export type AccountPaymentMethodUpdateResponse = z.infer<
  typeof AccountPaymentMethodUpdateResponseSchema
>;

/** The field of a refused method (verification declined): the card fields on the page. */
export const PAYMENT_METHOD_FIELD = 'nonce';

/**
 * 409 at `form` (localised): no subscription of the user renews, the co-parent's subscription is
 * paid by Parent A, or a professional covers it. 422 at `nonce`: the card was refused.
 */
export const AccountPaymentMethodRefusalSchema = ValidationErrorsResponseSchema;
