import { z } from 'zod';

/**
 * The account area (/app/account/*): its calls read the login session, the http-only
 * `cp_session` cookie set by POST /v2/login (docs/account.md).
 */

export const ACCOUNT_KINDS = ['PARENT', 'PROFESSIONAL'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Who an account is, as the session and the account home answer it. */
export const accountUserFields = {
  userId: z.uuid(),
  kind: z.enum(ACCOUNT_KINDS),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string(),
};

/** GET /v2/account/session: who is logged in (401 SESSION_REQUIRED otherwise). */
export const AccountSessionSchema = z.object({
  ...accountUserFields,
  /** Staff accounts may read the funnel report. */
  isStaff: z.boolean(),
  /** The language the account's emails are written in. */
  locale: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
