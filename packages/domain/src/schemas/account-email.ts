import { z } from 'zod';
import { requiredText } from '../validation/blank.js';
import { emailSchema } from '../validation/fields.js';

/**
 * The account's email change (decision 059): POST /v2/account/email asks for it with the current
 * password and emails a single-use link to the new address; POST /v2/account/email/confirm with
 * the link's token makes the change. Until then the account keeps its email.
 */

/** How long the confirmation link works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Change requests (links emailed) per account per hour; beyond it 429 RATE_LIMITED. */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 5;

/**
 * The new address follows the same email rule as every form, and the current password proves the
 * person at the keyboard owns the account (a session alone is not enough to move where password
 * resets are sent).
 */
export const ChangeEmailRequestSchema = z.object({
  email: emailSchema,
  currentPassword: requiredText(
    200,
    'accountEmail_currentPasswordRequired_error',
    'accountEmail_currentPasswordWrong_error',
  ),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;
export type ChangeEmailInput = z.input<typeof ChangeEmailRequestSchema>;

/** A change waiting for its link: the new address (trimmed as typed) and when the link dies. */
export const PendingEmailChangeSchema = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;

/** 202 of the request: the link went to `pending.email`; the account's email is unchanged. */
export const ChangeEmailResponseSchema = z.object({ pending: PendingEmailChangeSchema });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponseSchema>;

/** GET /v2/account/email: the current address and the change waiting for its link, if any. */
export const AccountEmailStatusSchema = z.object({
  email: z.string().nullable(),
  pending: PendingEmailChangeSchema.nullable(),
});
export type AccountEmailStatus = z.infer<typeof AccountEmailStatusSchema>;

/** POST /v2/account/email/confirm: the emailed link's token (no session needed). */
export const ConfirmEmailChangeRequestSchema = z.object({
  token: requiredText(200, 'invalidValue'),
});
export type ConfirmEmailChangeRequest = z.infer<typeof ConfirmEmailChangeRequestSchema>;

/** The address the account now has. */
export const ConfirmEmailChangeResponseSchema = z.object({ email: z.string() });
export type ConfirmEmailChangeResponse = z.infer<typeof ConfirmEmailChangeResponseSchema>;
