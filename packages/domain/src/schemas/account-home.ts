import { z } from 'zod';
import { ReceiptSchema } from '../checkout/schemas.js';
import { FAMILY_MEMBER_COLORS, FAMILY_ROLES } from '../family/members.js';
import { phoneCodeIdSchema, phoneNumberSchema } from '../validation/fields.js';
import { accountUserFields } from './account.js';

/**
 * The account home and the receipts of the account area; both need the login session
 * (docs/account.md).
 */

/** A member of the logged-in parent's family, in family order; `isYou` marks the user. */
export const AccountFamilyMemberSchema = z.object({
  userId: z.uuid().nullable(),
  role: z.enum(FAMILY_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  color: z.enum(FAMILY_MEMBER_COLORS),
  displayInitials: z.string(),
  isYou: z.boolean(),
});
export type AccountFamilyMember = z.infer<typeof AccountFamilyMemberSchema>;

/** The subscription of the user's own family member (the newest one). */
export const AccountSubscriptionSchema = z.object({
  packageId: z.number().int(),
  /** The package's display name in the request's language. */
  packageName: z.string(),
  years: z.union([z.literal(1), z.literal(2)]),
  /** ISO 8601, UTC. */
  renewsAt: z.iso.datetime(),
  autoRenew: z.boolean(),
  /** Active and not past its renewal date. */
  isCurrent: z.boolean(),
  /** Who paid for it (Parent A pays for the co-parent when they chose to). */
  paidBy: z.object({ firstName: z.string(), lastName: z.string(), isYou: z.boolean() }),
});
export type AccountSubscription = z.infer<typeof AccountSubscriptionSchema>;

/** One receipt in the home's list (newest first). */
export const AccountReceiptSummarySchema = z.object({
  receiptId: z.uuid(),
  /** The transaction's time, ISO 8601 UTC. */
  date: z.iso.datetime(),
  packageName: z.string(),
  totalFormatted: z.string(),
  currency: z.string(),
});
export type AccountReceiptSummary = z.infer<typeof AccountReceiptSummarySchema>;

/**
 * Why the co-parent's invitation text did not reach them: the provider could not deliver it
 * (failed, undelivered, or refused at once: an invalid number), or the number replied STOP.
 */
export const CO_PARENT_TEXT_PROBLEMS = ['NOT_DELIVERED', 'OPTED_OUT'] as const;
export type CoParentTextProblem = (typeof CO_PARENT_TEXT_PROBLEMS)[number];

/**
 * The co-parent's invitation by text, on Parent A's home while the co-parent has not joined:
 * whether we know it did not reach them, the co-parent's number, and when Parent A may send it
 * again (null: now; once a day, docs/account.md).
 */
export const CoParentTextSchema = z.object({
  /** Null while nothing says it failed (queued, sent or delivered). */
  problem: z.enum(CO_PARENT_TEXT_PROBLEMS).nullable(),
  phoneCountryCode: z.string().nullable(),
  phoneNumber: z.string(),
  /** ISO 8601 UTC; null when it can be sent again now. */
  resendAvailableAt: z.iso.datetime().nullable(),
});
export type CoParentText = z.infer<typeof CoParentTextSchema>;

/**
 * Where Parent A's co-parent stands (docs/account.md "The co-parent's status"): INVITED (not joined
 * yet), JOINED (has made their login), or NOT_REACHED (the invitation text failed, was not
 * delivered, or the number opted out; email bounces are not recorded, so an emailed invitation
 * reads INVITED).
 */
export const CO_PARENT_STATES = ['INVITED', 'JOINED', 'NOT_REACHED'] as const;
export type CoParentState = (typeof CO_PARENT_STATES)[number];

export const CoParentStatusSchema = z.object({
  state: z.enum(CO_PARENT_STATES),
  firstName: z.string(),
  /** ISO 8601 UTC: the first invitation (Parent A's payment). */
  invitedAt: z.iso.datetime(),
  /** ISO 8601 UTC: when they made their login; null until they join. */
  joinedAt: z.iso.datetime().nullable(),
  /** The address invited by email (null: not invited by email). */
  email: z.string().nullable(),
  /** Whether the invitation was texted. */
  byText: z.boolean(),
});
export type CoParentStatus = z.infer<typeof CoParentStatusSchema>;

/** GET /v2/account/home. A professional has no family and no subscription. */
export const AccountHomeSchema = z.object({
  user: z.object(accountUserFields),
  family: z.object({ members: z.array(AccountFamilyMemberSchema) }).nullable(),
  subscription: AccountSubscriptionSchema.nullable(),
  receipts: z.array(AccountReceiptSummarySchema),
  /** Null for a co-parent invited by email, one who has joined, or a professional. */
  coParentText: CoParentTextSchema.nullable(),
  /** Parent A's co-parent's status; null for the co-parent, a professional, or no invitation. */
  coParentStatus: CoParentStatusSchema.nullable(),
});
export type AccountHome = z.infer<typeof AccountHomeSchema>;

/**
 * GET /v2/account/receipts/:receiptId: the receipt as stored at payment (the funnel's /receipt
 * content), its id, and the co-parent's email the receipt's next steps name.
 */
export const AccountReceiptSchema = ReceiptSchema.extend({
  receiptId: z.uuid(),
  coParentEmail: z.string().nullable(),
});
export type AccountReceipt = z.infer<typeof AccountReceiptSchema>;

/** Any string: an id that is not the user's receipt is a 404, never a validation error. */
export const AccountReceiptParamsSchema = z.object({ receiptId: z.string() });

/**
 * POST /v2/account/coparent-invitation-text: the co-parent's number, corrected or as it was, with
 * the signup's phone rules; the invitation is texted to it again with a new link.
 */
export const ResendCoParentTextRequestSchema = z.object({
  phoneCountryCode: phoneCodeIdSchema,
  phoneNumber: phoneNumberSchema,
});
export type ResendCoParentTextRequest = z.infer<typeof ResendCoParentTextRequestSchema>;
export type ResendCoParentTextInput = z.input<typeof ResendCoParentTextRequestSchema>;

/** The number texted (E.164) and when the invitation can be sent again. */
export const ResendCoParentTextResponseSchema = z.object({
  sentTo: z.string(),
  resendAvailableAt: z.iso.datetime(),
});
export type ResendCoParentTextResponse = z.infer<typeof ResendCoParentTextResponseSchema>;

/** POST /v2/account/coparent-invitation-email: the address the new link was emailed to. */
export const ResendCoParentEmailResponseSchema = z.object({ sentTo: z.string() });
export type ResendCoParentEmailResponse = z.infer<typeof ResendCoParentEmailResponseSchema>;
