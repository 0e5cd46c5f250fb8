import { z } from 'zod';
import type { MessageKey } from '../messages/en.js';
import { requiredText } from '../validation/blank.js';
import { errorKey, fieldIssue } from '../validation/fields.js';
import { passwordProblems } from '../validation/password.js';
import { passwordStrengthProblems } from '../validation/password-strength.js';
import { usernameSchema } from '../validation/username.js';

/**
 * Every problem of a password for an account: the spec's rules (`passwordProblems`) first; once
 * those pass, the guessability rules (`passwordStrengthProblems`: common, contains the username,
 * the email's local part or the product's name).
 */
export function accountPasswordProblems(
  password: string,
  ctx: { username?: string | null; email?: string | null },
): MessageKey[] {
  const problems = passwordProblems(password, ctx);
  return problems.length > 0 ? problems : passwordStrengthProblems(password, ctx);
}

/**
 * The username/password form. The password is checked against the username typed in the same form
 * and the account's email (from the order) given as context, with `accountPasswordProblems`.
 */
export function credentialsSchema(ctx: { email?: string | null } = {}) {
  return z
    .object(
      {
        username: usernameSchema,
        password: z.string(errorKey('validPwdNone_error')),
      },
      errorKey('invalidValue'),
    )
    .superRefine((value, issues) => {
      for (const problem of accountPasswordProblems(value.password, {
        username: value.username,
        email: ctx.email,
      })) {
        fieldIssue(issues, ['password'], problem);
      }
    });
}
export type Credentials = z.infer<ReturnType<typeof credentialsSchema>>;

/**
 * The problem of a credentials form post whose token was refused (used, expired, unknown): the
 * page says it in its banner with a way to log in, not beside a field.
 */
export const CREDENTIALS_TOKEN_FIELD = 'credentialsToken';

/** POST /v2/credentials body (bearer credentials token); the server adds the email context. */
export const SetCredentialsRequestSchema = z.object({
  username: usernameSchema,
  password: z.string(errorKey('validPwdNone_error')),
});
export type SetCredentialsRequest = z.infer<typeof SetCredentialsRequestSchema>;

/** GET /v2/credentials/username answer. */
export const UsernameCheckResponseSchema = z.object(
  {
    available: z.boolean(),
    meetsRequirements: z.boolean(),
  },
  errorKey('invalidValue'),
);
export type UsernameCheckResponse = z.infer<typeof UsernameCheckResponseSchema>;

/** GET /v2/credentials/username query. */
export const UsernameCheckQuerySchema = z.object({
  username: z.string().max(200).default(''),
});

/** POST /v2/credentials answer. */
export const SetCredentialsResponseSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
});
export type SetCredentialsResponse = z.infer<typeof SetCredentialsResponseSchema>;

/**
 * POST /v2/login (the login form's post: the credentials with submit='Sign In' and the
 * event id 'submit'). `submit` and `eventId` are accepted as the spec sends them and not checked.
 */
export const LoginRequestSchema = z.object({
  username: z
    .string(errorKey('login_usernameRequired_error'))
    .trim()
    .min(1, errorKey('login_usernameRequired_error'))
    .max(200, errorKey('login_error')),
  password: requiredText(200, 'login_passwordRequired_error', 'login_error'),
  submit: z.string().max(50).optional(),
  eventId: z.string().max(50).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * POST /v2/login answer. The session itself is an http-only cookie; `auth` only says that the
 * login succeeded (the spec's browser stores it with the user id).
 */
export const LoginResponseSchema = z.object({
  url: z.string(),
  redirectUrl: z.string(),
  auth: z.literal(true),
  userId: z.uuid(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
