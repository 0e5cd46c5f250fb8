import { z } from 'zod';
import { ReceiptSchema } from '../checkout/schemas.js';
import { FAMILY_MEMBER_COLORS, FAMILY_ROLES } from '../family/members.js';
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

/** GET /v2/account/home. A professional has no family and no subscription. */
export const AccountHomeSchema = z.object({
  user: z.object(accountUserFields),
  family: z.object({ members: z.array(AccountFamilyMemberSchema) }).nullable(),
  subscription: AccountSubscriptionSchema.nullable(),
  receipts: z.array(AccountReceiptSummarySchema),
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
