import { z } from 'zod';
import { PAYMENT_TYPES, type PaymentType, RECEIPT_PAYMENT_TYPES } from '../constants/enums.js';
import type { MessageKey } from '../messages/en.js';
import { CurrencyCodeSchema, MinorUnitsSchema } from '../pricing/money-schemas.js';
import {
  CouponDetailSchema,
  EnteredCodesSchema,
  OrderSchema,
  PayForCoparentSchema,
  PaymentCodeDetailSchema,
  PricingInfoSchema,
  PricingResponseSchema,
  PricingTotalsSchema,
  SavedOrderSchema,
} from '../pricing/schemas.js';
import { TaxLineSchema } from '../pricing/tax.js';
import {
  type Billing,
  BillingAddressSchema,
  billingFormAddress,
  checkBodyAddress,
  StoredAddressSchema,
  timeZoneFieldSchema,
} from '../schemas/address.js';
import { ParentReferralSchema } from '../schemas/referral.js';
import { ValidationErrorSchema } from '../schemas/validation-errors.js';
import { optionalInput, optionalText } from '../validation/blank.js';
import {
  errorKey,
  fieldIssue,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';

/**
 * Checkout calls (docs/checkout.md): the billing save, the payment and its answer,
 * the receipt, the client token. Amounts are integer minor units, like every amount in the API.
 */

const optionalFlag = z
  .boolean(errorKey('invalidValue'))
  .nullish()
  .transform((v) => v ?? undefined);

/** Consent (terms and marketing checkboxes) is required when the billing country is not the US. */
export function isConsentRequired(country: string | null | undefined): boolean {
  return (country ?? '').trim().toUpperCase() !== 'US';
}

// ── Billing save: PATCH /v2/signups/{signupId} sections ['PARENT', 'ADDRESS'] (+ 'REFERRAL') ──

export const BILLING_SECTIONS = ['PARENT', 'ADDRESS'] as const;
export const BILLING_REFERRAL_SECTIONS = ['PARENT', 'ADDRESS', 'REFERRAL'] as const;

/**
 * The parent part of the billing save. Names and email are
 * read-only here: when sent they must equal the saved ones (the server checks; 422
 * `billing_readOnly_error`). The phone may be corrected; the time zone is required.
 */
export const BillingParentSchema = z.object(
  {
    firstName: optionalText(100),
    lastName: optionalText(100),
    email: optionalText(254),
    phoneCountryCode: optionalInput(phoneCodeIdSchema),
    phoneNumber: optionalInput(phoneNumberSchema),
    timeZone: timeZoneFieldSchema,
    /** Sent by the invited flow only; ignored here. */
    userId: optionalText(64),
  },
  errorKey('invalidValue'),
);

export const UpdateBillingSectionRequestSchema = z
  .object(
    {
      sections: z.union(
        [
          z.tuple([z.literal('PARENT'), z.literal('ADDRESS')]),
          z.tuple([z.literal('PARENT'), z.literal('ADDRESS'), z.literal('REFERRAL')]),
        ],
        errorKey('invalidValue'),
      ),
      parent: BillingParentSchema,
      address: BillingAddressSchema,
      referral: ParentReferralSchema.nullish().transform((v) => v ?? undefined),
      parentDuplicateConfirmed: optionalFlag,
      segmentAnonymousId: optionalText(200),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    // The billing schema's cross-field rules (region list, postal format, time zone of the
    // country), reported at the request's paths.
    checkBodyAddress(value.address, value.parent.timeZone, ctx, 'parent.timeZone');
    if (value.sections.length === 3 && value.referral === undefined) {
      fieldIssue(ctx, ['referral', 'selection'], 'signup_hearAboutUs_error');
    }
  });
export type UpdateBillingSectionRequest = z.infer<typeof UpdateBillingSectionRequestSchema>;
export type UpdateBillingSectionRequestInput = z.input<typeof UpdateBillingSectionRequestSchema>;

/** The billing save's answer: no errors, and whether consent checkboxes are required. */
export const UpdateBillingSectionResponseSchema = z.object({
  validationErrors: z.array(ValidationErrorSchema),
  consentRequired: z.boolean(),
});
export type UpdateBillingSectionResponse = z.infer<typeof UpdateBillingSectionResponseSchema>;

/** The billing form (`billingSchema` values) → the billing save's body. */
export function billingFormToRequest(
  values: Billing,
  extra: {
    referral?: { selection: string; other?: string } | undefined;
    parentDuplicateConfirmed?: boolean;
  } = {},
): UpdateBillingSectionRequestInput {
  return {
    sections: extra.referral ? [...BILLING_REFERRAL_SECTIONS] : [...BILLING_SECTIONS],
    parent: { timeZone: values.timezone },
    address: billingFormAddress(values),
    ...(extra.referral ? { referral: extra.referral } : {}),
    ...(extra.parentDuplicateConfirmed !== undefined
      ? { parentDuplicateConfirmed: extra.parentDuplicateConfirmed }
      : {}),
  } as UpdateBillingSectionRequestInput;
}

/** The saved billing of a signup (GET /v2/signups/{signupId} `billing`). */
export const SavedBillingSchema = z.object({
  address: StoredAddressSchema,
  timeZone: z.string(),
  referral: z.object({ selection: z.string(), other: z.string().nullable() }).nullable(),
  consentRequired: z.boolean(),
});
export type SavedBilling = z.infer<typeof SavedBillingSchema>;

// ── Payment: POST /v2/signups/{signupId}/payment ───────────────────────────────────────────────

/** The Idempotency-Key header: one per payment attempt, 8–128 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{8,128}$/;
export function isValidIdempotencyKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

/** The payment request's payment part. Amounts are minor units (the pricing call's `totals`). */
export const PaymentDetailsSchema = z.object(
  {
    /** The total the visitor saw (`totals.total` of the last pricing call), minor units. */
    amountDisplayed: MinorUnitsSchema.meta({ description: 'totals.total shown, minor units' }),
    cardHolderName: optionalText(100),
    /** The tokenised payment method (card form, PayPal, Venmo, Apple Pay). */
    nonce: optionalText(4096),
    paymentType: z
      .enum(PAYMENT_TYPES, errorKey('payment_nonce_error'))
      .nullish()
      .transform((v): PaymentType => v ?? 'CREDIT_CARD'),
    pricingLocale: optionalText(35),
    storePaymentOnFile: z
      .boolean(errorKey('invalidValue'))
      .nullish()
      .transform((v) => v ?? true),
    /** `totals.taxAmount` shown (0 if none), minor units. */
    taxAmountDisplayed: MinorUnitsSchema.nullish().transform((v) => v ?? 0),
    taxId: optionalText(200),
    /** Braintree data collector output (GB card payments). */
    deviceData: optionalText(8192),
    /** Bank transfer fields of the invited flow: always null here. */
    bankAccountNumber: z.null().optional(),
    bankRoutingNumber: z.null().optional(),
  },
  errorKey('invalidValue'),
);

/** POST /v2/signups/{signupId}/payment: Parent A's payment; header Idempotency-Key. */
export const PaymentRequestSchema = z.object(
  {
    marketingOptIn: optionalFlag,
    /** Required (true) when consent is required (billing country not US). */
    termsAccepted: optionalFlag,
    order: OrderSchema,
    parentDuplicateConfirmed: optionalFlag,
    coParentDuplicateConfirmed: optionalFlag,
    payment: PaymentDetailsSchema,
    payForCoparent: PayForCoparentSchema,
    promoCodes: EnteredCodesSchema,
    /** Subscription (activation) codes, as sent to the pricing call. */
    paymentCodes: EnteredCodesSchema,
    segmentAnonymousId: optionalText(200),
  },
  errorKey('invalidValue'),
);
export type PaymentRequest = z.infer<typeof PaymentRequestSchema>;
export type PaymentRequestInput = z.input<typeof PaymentRequestSchema>;

/** Receipt paymentType: Apple Pay is a card payment (CREDIT_CARD); `paymentMethod` tells which. */
export function receiptPaymentType(method: PaymentType): (typeof RECEIPT_PAYMENT_TYPES)[number] {
  return method === 'APPLE_PAY' ? 'CREDIT_CARD' : method;
}

/** The receipt of a payment, as the payment answers it and the receipt calls read it. */
export const ReceiptSchema = z.object({
  /**
   * The receipt's id in the account area (/app/account/receipts/:receiptId, the payment's id).
   * Absent from receipts stored before it was added.
   */
  receiptId: z.uuid().optional(),
  /** The gateway's transaction id (null when codes covered the whole price: nothing charged). */
  transactionId: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  cardType: z.string().nullable(),
  paymentType: z.enum(RECEIPT_PAYMENT_TYPES),
  paymentMethod: z.enum(PAYMENT_TYPES),
  totals: PricingTotalsSchema,
  payForCoParent: z.boolean(),
  paymentCodeDetails: z.array(PaymentCodeDetailSchema),
  couponDetail: CouponDetailSchema.nullable(),
  taxes: z.array(TaxLineSchema),
  /** ISO 8601 in UTC (GMT), e.g. 2025-05-01T14:03:00.000Z. */
  transactionDateTime: z.iso.datetime(),
  packageId: z.number().int(),
  packageDisplayName: z.string(),
  receiptText: z.string(),
  subDurationInYears: z.union([z.literal(1), z.literal(2)]),
  autoRenew: z.boolean(),
  /** When the subscription renews (ISO 8601, UTC). */
  renewsAt: z.iso.datetime(),
  /** Parent A's email (the receipt is sent there). */
  email: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const RegistrationSchema = z.object({
  order: SavedOrderSchema,
  parent: z.object({ email: z.string(), userId: z.uuid(), familyId: z.uuid() }),
  coParent: z.object({
    email: z.string().nullable(),
    /** E.164, e.g. +15557654321 (null when no phone was given). */
    phoneNumberWithCountryCode: z.string().nullable(),
  }),
  promoCodes: z.array(z.string()),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** The payment's answer (both flows); a replay answers the stored one. */
export const PaymentResponseSchema = z.object({
  /** Base64 (UTF-8) JSON of the GA4 `purchase` event (`decodeGaPayload`). */
  gaPayloadBase64: z.string(),
  receipt: ReceiptSchema,
  registration: RegistrationSchema,
  pricingInfo: PricingInfoSchema,
  /**
   * The single-use credentials token for /credentials (a bearer token, 2 hours). A replay mints a
   * new one while the account has no username yet; null once it has one (go to the account home).
   */
  clickToJoinToken: z.string().nullable(),
});
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

// ── Problems the payment call answers ─────────────────────────────────────────────────────────

/** Why a payment was declined; each has a message key the browser shows on Review. */
export const PAYMENT_DECLINE_REASONS = [
  'PROCESSOR_DECLINED',
  'CVV',
  'AVS',
  'FRAUD',
  'CARD_NUMBER_INVALID',
  'EXPIRATION_INVALID',
  'PAYMENT_METHOD_INVALID',
] as const;
export type PaymentDeclineReason = (typeof PAYMENT_DECLINE_REASONS)[number];

export function declineMessageKey(reason: PaymentDeclineReason): MessageKey {
  switch (reason) {
    case 'PROCESSOR_DECLINED':
    case 'FRAUD':
      return 'payment_declined_error';
    case 'CVV':
      return 'payment_cvvDeclined_error';
    case 'AVS':
      return 'payment_postalDeclined_error';
    case 'CARD_NUMBER_INVALID':
      return 'payment_cardNumber_error';
    case 'EXPIRATION_INVALID':
      return 'payment_expirationDate_error';
    case 'PAYMENT_METHOD_INVALID':
      return 'payment_methodInvalid_error';
  }
}

const problemBase = {
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  /** The localised text to show (the request's language). */
  detail: z.string().optional(),
  /** The message key of `detail`, for a client that translates itself. */
  messageKey: z.string().optional(),
};

/** 402 PAYMENT_DECLINED. */
export const PaymentDeclinedProblemSchema = z.object({
  ...problemBase,
  reason: z.enum(PAYMENT_DECLINE_REASONS).optional(),
  /** The processor's response code (e.g. '2000'), when the processor answered. */
  processorResponseCode: z.string().nullable().optional(),
});

/** 409 PRICE_CHANGED (with the new pricing), PAYMENT_IN_PROGRESS, ALREADY_PAID… */
export const PaymentConflictProblemSchema = z.object({
  ...problemBase,
  pricing: PricingResponseSchema.optional(),
  /** Seconds to wait before trying again (PAYMENT_IN_PROGRESS; also the Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
});

/** 503 PAYMENT_PROVIDER_UNAVAILABLE. */
export const PaymentUnavailableProblemSchema = z.object({
  ...problemBase,
  retryAfterSeconds: z.number().int().optional(),
});

// ── Client token: GET /v2/payment/client-token?country= ───────────────────────────────────────

export const PAYMENT_PROVIDERS = ['sandbox', 'braintree'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const ClientTokenQuerySchema = z.object({
  country: z.string().max(8).optional().describe('The billing country (ISO alpha-2)'),
});

export const ClientTokenResponseSchema = z.object({
  /** Braintree: the client token for braintree-web; sandbox: an opaque string. */
  clientToken: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The currency the merchant account for this country settles in. */
  merchantCurrency: CurrencyCodeSchema,
});
export type ClientTokenResponse = z.infer<typeof ClientTokenResponseSchema>;
