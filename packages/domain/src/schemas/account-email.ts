import { z } from 'zod';
import { requiredText } from '../validation/blank.js';
import { emailSchema } from '../validation/fields.js';

/**
 * The account's email change (POST /v2/account/email): the new address follows the same email
 * rule as every form, and the current password proves the person at the keyboard owns the
 * account (a session alone is not enough to move where password resets are sent).
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

/** The address the account now has (trimmed as stored). */
export const ChangeEmailResponseSchema = z.object({ email: z.string() });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponseSchema>;
