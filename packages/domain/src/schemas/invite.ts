import { z } from 'zod';
import { billingFormToRequest, PaymentDetailsSchema } from '../checkout/schemas.js';
import { FAMILY_MEMBER_COLORS } from '../family/members.js';
import {
  EnteredCodesSchema,
  OrderSchema,
  PayForCoparentSchema,
  SavedOrderSchema,
} from '../pricing/schemas.js';
import { optionalInput, optionalText } from '../validation/blank.js';
import {
  emailSchema,
  errorKey,
  fieldIssue,
  firstNameSchema,
  lastNameSchema,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';
import {
  answerEqualsQuestion,
  securityAnswerSchema,
  securityCodeSchema,
  securityQuestionSchema,
} from '../validation/security.js';
import type { Billing } from './address.js';
import {
  addressLineSchema,
  BillingAddressSchema,
  checkBodyAddress,
  citySchema,
  countryIdSchema,
  timeZoneFieldSchema,
} from './address.js';
import { ParentReferralSchema } from './referral.js';
import { ValidationErrorSchema } from './validation-errors.js';

/**
 * The invited co-parent's calls (docs/invite.md). The invite token is sent as
 * `Authorization: Bearer <token>`; it is never echoed in an answer.
 */

// ── GET /v2/invites/current ────────────────────────────────────────────────────────────────────

export const InviteFamilyMemberSchema = z.object({
  userId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  color: z.enum(FAMILY_MEMBER_COLORS),
  displayInitials: z.string(),
});
export type InviteFamilyMember = z.infer<typeof InviteFamilyMemberSchema>;

/** The invited context: what the invited screens decide from (without the token itself). */
export const InvitedContextSchema = z.object({
  userId: z.uuid(),
  isSubscriptionCurrent: z.boolean(),
  billingAddressComplete: z.boolean(),
  /** The user has no username and password yet. */
  requireCredentials: z.boolean(),
  familyMembers: z.array(InviteFamilyMemberSchema),
  userCreatedByPro: z.boolean(),
  pro: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** The package of the co-parent's subscription (paid by Parent A), else null. */
  coparentPackageId: z.number().int().nullable(),
  /** Codes of the public and automatic promotions (the coupon banner). */
  availableCoupons: z.array(z.string()),
  agreedToTerms: z.boolean(),
  address: z.object({ country: z.string().nullable() }),
  /** The invited flow's progress (0–2, `nextInviteStep`). */
  lastCompletedStep: z.number().int().min(0).max(2),
  /** Locale of the user (emails are written in it). */
  locale: z.string(),
  expiresAt: z.iso.datetime(),
});
export type InvitedContext = z.infer<typeof InvitedContextSchema>;

// ── GET / PATCH /v2/users/{userId} ─────────────────────────────────────────────────────────────

export const INVITED_UPDATE_SECTIONS = [
  'PARENT',
  'ADDRESS',
  'REFERRAL',
  'SECURITY_QUESTION',
  'SECURITY_CODE',
  'PACKAGE',
] as const;
export type InvitedUpdateSection = (typeof INVITED_UPDATE_SECTIONS)[number];

const InvitedParentSchema = z.object(
  {
    userId: optionalText(64),
    firstName: optionalInput(firstNameSchema),
    lastName: optionalInput(lastNameSchema),
    email: optionalInput(emailSchema),
    phoneCountryCode: optionalInput(phoneCodeIdSchema),
    phoneNumber: optionalInput(phoneNumberSchema),
    timeZone: optionalInput(timeZoneFieldSchema),
  },
  errorKey('invalidValue'),
);

/** The billing address, whose line 1, city and country a section without ADDRESS leaves out. */
const InvitedAddressSchema = BillingAddressSchema.extend({
  line1: optionalInput(addressLineSchema),
  city: optionalInput(citySchema),
  country: optionalInput(countryIdSchema),
});

/**
 * PATCH /v2/users/{userId}: update the invited parent. Sections:
 * - PARENT: the invite step 1 contact (first and last name, email, phone code and 8–15 digit
 *   number, all required), or, with ADDRESS, the billing view's parent (time zone required;
 *   names and email may be left out);
 * - ADDRESS: the billing address (PRIMARY) and `parent.timeZone`;
 * - REFERRAL: `referral` { selection, other };
 * - SECURITY_QUESTION: `securityQuestion`, `securityAnswer`; SECURITY_CODE: `securityCode`,
 *   `confirmCode`;
 * - PACKAGE: `order` (the package choice; a build-your-own order with its `productId` is the
 *   choose-your-own submit).
 */
export const UpdateInvitedUserRequestSchema = z
  .object(
    {
      sections: z
        .array(z.enum(INVITED_UPDATE_SECTIONS, errorKey('invalidValue')), errorKey('invalidValue'))
        .min(1, errorKey('invalidValue'))
        .refine((s) => new Set(s).size === s.length, errorKey('invalidValue')),
      parent: InvitedParentSchema.nullish().transform((v) => v ?? undefined),
      address: InvitedAddressSchema.nullish().transform((v) => v ?? undefined),
      referral: ParentReferralSchema.nullish().transform((v) => v ?? undefined),
      securityQuestion: optionalInput(securityQuestionSchema),
      securityAnswer: optionalInput(securityAnswerSchema),
      securityCode: optionalInput(securityCodeSchema),
      confirmCode: optionalText(8),
      order: OrderSchema.nullish().transform((v) => v ?? undefined),
      segmentAnonymousId: optionalText(200),
      segmentIdentify: z.unknown().optional(),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    const has = (s: InvitedUpdateSection) => value.sections.includes(s);
    const need = (present: unknown, path: (string | number)[], message: string) => {
      if (present === undefined) fieldIssue(ctx, path, message);
    };
    const parent = value.parent ?? {};
    if (has('PARENT') && !has('ADDRESS')) {
      need(parent.firstName, ['parent', 'firstName'], 'signup_firstName_error');
      need(parent.lastName, ['parent', 'lastName'], 'signup_lastName_error');
      need(parent.email, ['parent', 'email'], 'signup_email_error');
      need(parent.phoneCountryCode, ['parent', 'phoneCountryCode'], 'signup_countryCode_error');
      need(parent.phoneNumber, ['parent', 'phoneNumber'], 'signup_phoneNumber_error');
    }
    if (has('ADDRESS')) {
      const address = value.address;
      need(address, ['address'], 'invalidValue');
      if (address) {
        need(address.line1, ['address', 'line1'], 'signup_billingAddress_error');
        need(address.city, ['address', 'city'], 'signup_city_error');
        need(address.country, ['address', 'country'], 'signup_country_error');
      }
      need(parent.timeZone, ['parent', 'timeZone'], 'signup_timezone_error');
      if (address?.country && parent.timeZone) {
        checkBodyAddress(
          { ...address, country: address.country },
          parent.timeZone,
          ctx,
          'parent.timeZone',
        );
      }
    }
    if (has('REFERRAL'))
      need(value.referral, ['referral', 'selection'], 'signup_hearAboutUs_error');
    if (has('SECURITY_QUESTION')) {
      need(value.securityQuestion, ['securityQuestion'], 'signup_securityQuestion_error');
      need(value.securityAnswer, ['securityAnswer'], 'signup_securityAnswer_error');
      if (
        value.securityQuestion &&
        value.securityAnswer &&
        answerEqualsQuestion(value.securityQuestion, value.securityAnswer)
      ) {
        fieldIssue(ctx, ['securityAnswer'], 'signup_securityAnswerSame_error');
      }
    }
    if (has('SECURITY_CODE')) {
      need(value.securityCode, ['securityCode'], 'only4');
      if (value.securityCode !== undefined && value.confirmCode !== value.securityCode) {
        fieldIssue(ctx, ['confirmCode'], 'codeConfirm');
      }
    }
    if (has('PACKAGE')) need(value.order, ['order', 'packageId'], 'pricing_package_error');
  });
export type UpdateInvitedUserRequest = z.infer<typeof UpdateInvitedUserRequestSchema>;
export type UpdateInvitedUserRequestInput = z.input<typeof UpdateInvitedUserRequestSchema>;

export const UpdateInvitedUserResponseSchema = z.object({
  validationErrors: z.array(ValidationErrorSchema),
  /** The invited flow's progress after this save. */
  lastCompletedStep: z.number().int().min(0).max(2),
  /** Where the browser goes next when the save moved the flow (`nextInviteStep`), else null. */
  nextPath: z.string().nullable(),
  consentRequired: z.boolean(),
});
export type UpdateInvitedUserResponse = z.infer<typeof UpdateInvitedUserResponseSchema>;

/** GET /v2/users/{userId}: the invited parent as saved (secrets are never answered). */
export const InvitedUserSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  timeZone: z.string().nullable(),
  agreedToTerms: z.boolean(),
  marketingOptIn: z.boolean(),
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    type: z.literal('PRIMARY'),
  }),
  referral: z.object({ selection: z.string(), other: z.string().nullable() }).nullable(),
  securityQuestion: z.string().nullable(),
  hasSecurityAnswer: z.boolean(),
  hasSecurityCode: z.boolean(),
  order: SavedOrderSchema.nullable(),
  lastCompletedStep: z.number().int().min(0).max(2),
  consentRequired: z.boolean(),
});
export type InvitedUser = z.infer<typeof InvitedUserSchema>;

// ── Terms, marketing, pricing, payment, credentials, new link ─────────────────────────────────

export const AgreedToTermsResponseSchema = z.object({ agreedToTerms: z.literal(true) });
export const MarketingOptInRequestSchema = z.boolean(errorKey('invalidValue'));
export const MarketingOptInResponseSchema = z.object({ marketingOptIn: z.boolean() });

/** POST /v2/users/{userId}/pricing: the invited co-parent's pricing, with their saved address. */
export const InvitePricingRequestSchema = z.object(
  {
    userId: optionalText(64),
    orderDetail: OrderSchema,
    subscriptionCodes: EnteredCodesSchema,
    promoCodes: EnteredCodesSchema,
  },
  errorKey('invalidValue'),
);
export type InvitePricingRequest = z.infer<typeof InvitePricingRequestSchema>;
export type InvitePricingRequestInput = z.input<typeof InvitePricingRequestSchema>;

/** POST /v2/users/{userId}/payment: the invited co-parent pays; header Idempotency-Key. */
export const InvitedPaymentRequestSchema = z.object(
  {
    deviceData: optionalText(8192),
    marketingOptIn: z
      .boolean(errorKey('invalidValue'))
      .nullish()
      .transform((v) => v ?? undefined),
    /** Required (true) when consent is required (billing country not US) and terms not yet agreed. */
    termsAccepted: z
      .boolean(errorKey('invalidValue'))
      .nullish()
      .transform((v) => v ?? undefined),
    order: OrderSchema,
    payment: PaymentDetailsSchema,
    promoCodes: EnteredCodesSchema,
    /** Subscription (activation) codes, as sent to the pricing call (`subscriptionCodes`). */
    paymentCodes: EnteredCodesSchema,
    /** Invited users cannot pay for the co-parent: true is refused (422 at `payForCoparent`). */
    payForCoparent: PayForCoparentSchema,
    segmentAnonymousId: optionalText(200),
  },
  errorKey('invalidValue'),
);
export type InvitedPaymentRequest = z.infer<typeof InvitedPaymentRequestSchema>;
export type InvitedPaymentRequestInput = z.input<typeof InvitedPaymentRequestSchema>;

/** POST /v2/users/{userId}/credentials-token: a single-use token for POST /v2/credentials. */
export const InviteCredentialsTokenResponseSchema = z.object({
  clickToJoinToken: z.string(),
  expiresAt: z.iso.datetime(),
});
export type InviteCredentialsTokenResponse = z.infer<typeof InviteCredentialsTokenResponseSchema>;

/** POST /v2/invites/request: the new link is on its way (never the link itself). */
export const InviteRequestResponseSchema = z.object({ requested: z.literal(true) });

/**
 * The invited co-parent's billing save (the Billing view of /invite/payment and
 * /invite/billing-info, in the tab or posted without a script): sections PARENT + ADDRESS, the
 * time zone and the PRIMARY address; no referral (the invited flow does not ask it).
 */
export function invitedBillingRequest(
  values: Billing,
  { userId, segmentAnonymousId }: { userId: string; segmentAnonymousId?: string },
): UpdateInvitedUserRequestInput {
  const { address, parent } = billingFormToRequest(values);
  return {
    sections: ['PARENT', 'ADDRESS'],
    parent: { ...parent, userId },
    address: { ...address, type: 'PRIMARY' },
    ...(segmentAnonymousId !== undefined ? { segmentAnonymousId } : {}),
  };
}
