import { z } from 'zod';
import { errorKey } from '../validation/fields.js';
import { AccountPaymentMethodSchema } from './account-billing.js';
import { ValidationErrorsResponseSchema } from './validation-errors.js';

/**
 * The account's subscription page (/app/account/subscription): what renews, when, for how much and
 * charged to what, and the payer's controls: auto-renewal off and on, and canceling
 * (docs/account.md, decision 054).
 */

/** Who pays a subscription, as the person looking at it reads it. */
export const SUBSCRIPTION_PAYERS = ['YOU', 'CO_PARENT', 'PROFESSIONAL'] as const;
export type SubscriptionPayer = (typeof SUBSCRIPTION_PAYERS)[number];

/** The optional answer to "Why are you canceling?" (kept with the cancellation, never required). */
export const CANCEL_REASONS = [
  'TOO_EXPENSIVE',
  'NOT_USING',
  'CASE_ENDED',
  'MISSING_FEATURE',
  'OTHER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the renewal would charge today: the checkout's price of the same order, without codes. */
export const SubscriptionRenewalPriceSchema = z.object({
  currencyCode: z.string(),
  total: z.number().int(),
  totalFormatted: z.string(),
  taxAmountFormatted: z.string(),
});
export type SubscriptionRenewalPrice = z.infer<typeof SubscriptionRenewalPriceSchema>;

/** A declined renewal being tried again: when the next try is, and when the last one is. */
export const SubscriptionRetrySchema = z.object({
  nextAttemptAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime(),
});
export type SubscriptionRetry = z.infer<typeof SubscriptionRetrySchema>;

const YearsSchema = z.union([z.literal(1), z.literal(2)]);

/**
 * A plan the payer may renew on (decision 062): a package the catalog offers them (its term comes
 * with it) and what the renewal would charge for it, priced as the checkout prices it.
 */
export const SubscriptionPlanSchema = z.object({
  packageId: z.number().int(),
  /** The package's display name in the request's language. */
  packageName: z.string(),
  years: YearsSchema,
  price: SubscriptionRenewalPriceSchema,
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

/** The plan chosen for the next term, from the renewal date on (no proration before it). */
export const PendingPlanSchema = z.object({
  packageId: z.number().int(),
  packageName: z.string(),
  years: YearsSchema,
  /** Its renewal price now; null when the catalog no longer prices it for the payer. */
  price: SubscriptionRenewalPriceSchema.nullable(),
  /** When it takes effect: the renewal date (ISO 8601 UTC). */
  effectiveAt: z.iso.datetime(),
});
export type PendingPlan = z.infer<typeof PendingPlanSchema>;

export const AccountSubscriptionDetailSchema = z.object({
  subscriptionId: z.uuid(),
  /** The package's display name in the request's language. */
  packageName: z.string(),
  years: z.union([z.literal(1), z.literal(2)]),
  /** The end of the paid term (ISO 8601 UTC): the renewal's date, or the last day with access. */
  renewsAt: z.iso.datetime(),
  autoRenew: z.boolean(),
  /** When the payer canceled (ISO 8601 UTC); null when not canceled, or turned on again. */
  canceledAt: z.iso.datetime().nullable(),
  /** Active and not past `renewsAt`. */
  isCurrent: z.boolean(),
  paidBy: z.object({
    payer: z.enum(SUBSCRIPTION_PAYERS),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /**
   * Whether this user may change the renewal: the payer, while the term runs or while a declined
   * renewal is being tried again (`retrying`).
   */
  canChange: z.boolean(),
  /**
   * For the payer, while a declined renewal is tried again (decision 057): the term's date has
   * passed (`renewsAt`), the next try and the last one (ISO 8601 UTC). Turning auto-renewal off or
   * canceling then stops the tries and ends the subscription. Null otherwise.
   */
  retrying: SubscriptionRetrySchema.nullable(),
  /**
   * The price the renewal would charge, priced now for the payer's billing country and tax; null
   * when nothing renews (professional), it cannot be priced (package no longer sold there) or the
   * user is not the payer.
   */
  renewalPrice: SubscriptionRenewalPriceSchema.nullable(),
  /** The payment method the renewal would charge (the payer's vaulted one); null when none. */
  paymentMethod: AccountPaymentMethodSchema.nullable(),
  /** The other family members the same payment renews (the co-parent Parent A pays for). */
  alsoRenews: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  /** For the payer: the plan chosen for the next term, if they changed it; else null. */
  pendingPlan: PendingPlanSchema.nullable(),
});
export type AccountSubscriptionDetail = z.infer<typeof AccountSubscriptionDetailSchema>;

/** GET /v2/account/subscription: the user's own subscription; null when they have none. */
export const AccountSubscriptionResponseSchema = z.object({
  subscription: AccountSubscriptionDetailSchema.nullable(),
});
export type AccountSubscriptionResponse = z.infer<typeof AccountSubscriptionResponseSchema>;

/** Any string: an id that is not a subscription the user may see is a 404. */
export const AccountSubscriptionParamsSchema = z.object({
  subscriptionId: z.string().describe('The `subscriptionId` of GET /v2/account/subscription'),
});

/** PUT /v2/account/subscriptions/:subscriptionId/auto-renew. */
export const AutoRenewRequestSchema = z.object(
  { autoRenew: z.boolean(errorKey('invalidValue')) },
  errorKey('invalidValue'),
);
export type AutoRenewRequest = z.infer<typeof AutoRenewRequestSchema>;

/** POST /v2/account/subscriptions/:subscriptionId/cancel: the reason is optional. */
export const CancelSubscriptionRequestSchema = z.object(
  {
    reason: z
      .enum(CANCEL_REASONS, errorKey('invalidValue'))
      .nullish()
      .transform((v) => v ?? null),
  },
  errorKey('invalidValue'),
);
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequestSchema>;
export type CancelSubscriptionInput = z.input<typeof CancelSubscriptionRequestSchema>;

/** GET /v2/account/subscriptions/:subscriptionId/plans: the plans the payer may renew on. */
export const SubscriptionPlansResponseSchema = z.object({
  /** The package the subscription has now. */
  currentPackageId: z.number().int(),
  /** The catalog's packages for the payer's country, in card order, each priced; the current too. */
  plans: z.array(SubscriptionPlanSchema),
});
export type SubscriptionPlansResponse = z.infer<typeof SubscriptionPlansResponseSchema>;

/**
 * PUT /v2/account/subscriptions/:subscriptionId/plan: the package (and with it the term) the next
 * term renews on; the current package undoes a change.
 */
export const PlanChangeRequestSchema = z.object(
  {
    packageId: z
      .number(errorKey('subscriptionPlan_package_error'))
      .int(errorKey('subscriptionPlan_package_error'))
      .positive(errorKey('subscriptionPlan_package_error')),
  },
  errorKey('invalidValue'),
);
export type PlanChangeRequest = z.infer<typeof PlanChangeRequestSchema>;

/** The 409 refusals (at `form`, localised): ended, not the payer, or a professional's. */
export const SubscriptionRefusalSchema = ValidationErrorsResponseSchema;
