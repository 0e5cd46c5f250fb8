import { z } from 'zod';
import type { LOOKUP_RESULTS, RECOVERY_STATES } from '../constants/enums.js';
import { requiredText } from '../validation/blank.js';
import {
  emailSchema,
  errorKey,
  fieldIssue,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';

/**
 * Password retrieval, on the spec's login enumerations (lookup results, recovery states): the
 * account is looked up by email, username or phone; a 6-digit code (or the emailed link) proves
 * the mailbox; a new password follows the credentials rules (docs/account.md).
 */

/**
 * What a lookup found (`LOOKUP_RESULTS`, constants/enums). The API answers NOT_FOUND exactly like
 * SUCCESS (no account enumeration).
 */
export type LookupResult = (typeof LOOKUP_RESULTS)[number];

/**
 * The recovery screen's states (`RECOVERY_STATES`, constants/enums): INITIAL → CODE → (the new
 * password) → SUCCESS; MULTIPLE asks for the username; FAILURE starts again.
 */
export type RecoveryState = (typeof RECOVERY_STATES)[number];

/** The login page's field names; the recovery calls use these names. */
export const LOGIN_FIELDS = [
  'countryCode',
  'email',
  'newPassword',
  'confirmPassword',
  'password',
  'phone',
  'username',
  'verificationCode',
] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

/** The ways to name the account. */
export const RECOVERY_METHODS = ['email', 'username', 'phone'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

export const VERIFICATION_CODE_LENGTH = 6;
/** Wrong codes a recovery survives; the last one ends it (RECOVERY_INVALID). */
export const RECOVERY_MAX_CODE_ATTEMPTS = 5;

/** The emailed code: exactly 6 ASCII digits (spaces around it are ignored). */
export const verificationCodeSchema = z
  .string(errorKey('recovery_code_error'))
  .trim()
  .regex(/^[0-9]{6}$/, errorKey('recovery_code_error'));

/** A username as typed at login: any non-empty text (old usernames need not meet today's rules). */
const lookupUsernameSchema = z
  .string(errorKey('login_usernameRequired_error'))
  .trim()
  .min(1, errorKey('login_usernameRequired_error'))
  .max(200, errorKey('login_usernameRequired_error'));

/**
 * POST /v2/account/recovery body: exactly one way, `email`, `username`, or `countryCode` with
 * `phone`. None (or several) answers 422 at `form`.
 */
export const RecoveryLookupRequestSchema = z
  .object(
    {
      email: emailSchema.optional(),
      username: lookupUsernameSchema.optional(),
      countryCode: phoneCodeIdSchema.optional(),
      phone: phoneNumberSchema.optional(),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    const ways =
      Number(value.email !== undefined) +
      Number(value.username !== undefined) +
      Number(value.countryCode !== undefined || value.phone !== undefined);
    if (ways !== 1) {
      fieldIssue(ctx, [], 'recovery_identityRequired_error');
      return;
    }
    if (value.phone !== undefined && value.countryCode === undefined) {
      fieldIssue(ctx, ['countryCode'], 'signup_countryCode_error');
    }
    if (value.countryCode !== undefined && value.phone === undefined) {
      fieldIssue(ctx, ['phone'], 'signup_phoneNumber_error');
    }
  });
export type RecoveryLookupRequest = z.infer<typeof RecoveryLookupRequestSchema>;

/**
 * The lookup's answer. SUCCESS also when no account matched (a decoy `recoveryId` that no code
 * opens); MULTI when a phone belongs to several accounts: ask for the username.
 */
export const RecoveryLookupResponseSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('SUCCESS'), recoveryId: z.uuid() }),
  z.object({ result: z.literal('MULTI') }),
]);
export type RecoveryLookupResponse = z.infer<typeof RecoveryLookupResponseSchema>;

/** The recovery form: the chosen way and its fields (the browser keeps every field). */
export const RecoveryLookupFormSchema = z
  .object({
    method: z.enum(RECOVERY_METHODS, errorKey('recovery_method_error')),
    email: z.string(),
    username: z.string(),
    countryCode: z.string(),
    phone: z.string(),
  })
  .superRefine((value, ctx) => {
    const check = (field: 'email' | 'username' | 'countryCode' | 'phone', schema: z.ZodType) => {
      const result = schema.safeParse(value[field]);
      if (!result.success) {
        fieldIssue(ctx, [field], result.error.issues[0]?.message ?? 'invalidValue');
      }
    };
    if (value.method === 'email') check('email', emailSchema);
    if (value.method === 'username') check('username', lookupUsernameSchema);
    if (value.method === 'phone') {
      check('countryCode', phoneCodeIdSchema);
      check('phone', phoneNumberSchema);
    }
  });
export type RecoveryLookupForm = z.infer<typeof RecoveryLookupFormSchema>;

/** The request body for a filled-in recovery form (only the chosen way's fields). */
export function recoveryLookupRequest(form: RecoveryLookupForm): RecoveryLookupRequest {
  switch (form.method) {
    case 'email':
      return { email: form.email.trim() };
    case 'username':
      return { username: form.username.trim() };
    case 'phone':
      return {
        countryCode: phoneCodeIdSchema.parse(form.countryCode),
        phone: form.phone.trim(),
      };
  }
}

/** POST /v2/account/recovery/verify body. */
export const RecoveryVerifyRequestSchema = z.object(
  {
    recoveryId: z.string(errorKey('invalidValue')).max(100, errorKey('invalidValue')),
    verificationCode: verificationCodeSchema,
  },
  errorKey('invalidValue'),
);
export type RecoveryVerifyRequest = z.infer<typeof RecoveryVerifyRequestSchema>;

/** The verify answer: the token that sets the new password (as the emailed link's token does). */
export const RecoveryVerifyResponseSchema = z.object({ resetToken: z.string() });
export type RecoveryVerifyResponse = z.infer<typeof RecoveryVerifyResponseSchema>;

/**
 * The new password and its confirmation. The password rules need the account's username and email
 * (`accountPasswordProblems`), so the server checks them; the browser checks them too once it
 * knows nothing about the account (the checklist shows the spec's rules).
 */
export const NewPasswordFormSchema = z
  .object(
    {
      newPassword: z.string(errorKey('validPwdNone_error')).min(1, errorKey('validPwdNone_error')),
      confirmPassword: z.string(errorKey('recovery_confirmPassword_error')),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== value.newPassword) {
      fieldIssue(ctx, ['confirmPassword'], 'recovery_confirmPassword_error');
    }
  });
export type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;

/** POST /v2/account/recovery/reset body: the verify answer's token or the emailed link's. */
export const RecoveryResetRequestSchema = z.object(
  {
    resetToken: requiredText(200, 'invalidValue'),
    newPassword: requiredText(200, 'validPwdNone_error', 'validPwdLength_error'),
    confirmPassword: z.string(errorKey('recovery_confirmPassword_error')).max(200),
  },
  errorKey('invalidValue'),
);
export type RecoveryResetRequest = z.infer<typeof RecoveryResetRequestSchema>;

export const RecoveryResetResponseSchema = z.object({ reset: z.literal(true) });
export type RecoveryResetResponse = z.infer<typeof RecoveryResetResponseSchema>;
