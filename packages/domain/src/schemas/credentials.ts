import { z } from 'zod';
import { errorKey } from '../validation/fields.js';
import { passwordProblems } from '../validation/password.js';
import { usernameSchema } from '../validation/username.js';

/**
 * The username/password form. The password is checked against the username typed in the same form
 * and the account's email (from the order) given as context.
 */
export function credentialsSchema(ctx: { email?: string | null } = {}) {
  return z
    .object(
      {
        username: usernameSchema,
        password: z.string(errorKey('validUsernameNone_error')),
      },
      errorKey('invalidValue'),
    )
    .superRefine((value, issues) => {
      for (const problem of passwordProblems(value.password, {
        username: value.username,
        email: ctx.email,
      })) {
        issues.addIssue({ code: 'custom', path: ['password'], message: problem });
      }
    });
}
export type Credentials = z.infer<ReturnType<typeof credentialsSchema>>;

/** POST /v2/credentials body (bearer credentials token); the server adds the email context. */
export const SetCredentialsRequestSchema = z.object({
  username: usernameSchema,
  password: z.string(errorKey('validUsernameNone_error')),
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
