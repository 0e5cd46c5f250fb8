import { z } from 'zod';
import { PAYMENT_TYPES } from '../constants/enums.js';
import { errorKey, fieldIssue } from '../validation/fields.js';
import {
  type Billing,
  BillingAddressSchema,
  billingFormAddress,
  checkBodyAddress,
  StoredAddressSchema,
  timeZoneFieldSchema,
} from './address.js';
import { ValidationErrorsResponseSchema } from './validation-errors.js';

/**
 * The account billing page (/app/account/billing): the billing address and time zone of the
 * logged-in user, and the payment method of their latest completed payment (docs/account.md).
 */

export const AccountBillingAddressSchema = StoredAddressSchema;
export type AccountBillingAddress = z.infer<typeof AccountBillingAddressSchema>;

/** The payment method on file: the card's brand and last four (null for PayPal and Venmo). */
export const AccountPaymentMethodSchema = z.object({
  paymentType: z.enum(PAYMENT_TYPES),
  cardType: z.string().nullable(),
  lastFour: z.string().nullable(),
});
export type AccountPaymentMethod = z.infer<typeof AccountPaymentMethodSchema>;

/** GET /v2/account/billing. */
export const AccountBillingSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Null only for an invited co-parent known by phone who has not given one yet. */
  email: z.string().nullable(),
  address: AccountBillingAddressSchema.nullable(),
  timeZone: z.string().nullable(),
  /** Null when nothing is on file, e.g. after an order codes paid in full. */
  paymentMethod: AccountPaymentMethodSchema.nullable(),
  /** The codes that paid the latest order in full (nothing was charged); absent otherwise. */
  coveredByCodes: z.array(z.string()).optional(),
});
export type AccountBilling = z.infer<typeof AccountBillingSchema>;

/**
 * PUT /v2/account/billing: the checkout's billing address and time zone rules (the same field
 * schemas and `checkAddress`), reported at `address.*` and `timeZone`.
 */
export const AccountBillingUpdateRequestSchema = z
  .object(
    {
      address: BillingAddressSchema.omit({ type: true }),
      timeZone: timeZoneFieldSchema,
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    // PostgreSQL text cannot hold a NUL character: refused here rather than failing the save.
    const texts: Record<string, string> = {
      'address.line1': value.address.line1,
      'address.line2': value.address.line2,
      'address.city': value.address.city,
      'address.region': value.address.region,
      'address.postalCode': value.address.postalCode,
      timeZone: value.timeZone,
    };
    for (const [path, text] of Object.entries(texts)) {
      if (text.includes('\u0000')) fieldIssue(ctx, [path], 'invalidValue');
    }
    checkBodyAddress(value.address, value.timeZone, ctx, 'timeZone');
  });
export type AccountBillingUpdateRequest = z.infer<typeof AccountBillingUpdateRequestSchema>;
export type AccountBillingUpdateRequestInput = z.input<typeof AccountBillingUpdateRequestSchema>;

/** 200 `{ validationErrors: [] }`; 422 with the errors (nothing saved). */
export const AccountBillingUpdateResponseSchema = ValidationErrorsResponseSchema;

/** The billing form (`billingSchema` values) → the PUT's body. */
export function accountBillingFormToRequest(values: Billing): AccountBillingUpdateRequestInput {
  return {
    address: billingFormAddress(values),
    timeZone: values.timezone,
  };
}

/** The PUT's field names → the billing form's (`billingSchema`) field names. */
export const ACCOUNT_BILLING_FORM_FIELDS = {
  'address.line1': 'billingAddress',
  'address.line2': 'billingAddress2',
  'address.city': 'city',
  'address.country': 'country',
  'address.region': 'region',
  'address.postalCode': 'postalCode',
  timeZone: 'timezone',
} as const satisfies Record<string, keyof Billing>;
