import {
  accountPasswordProblems,
  type Credentials,
  errorKey,
  type InvitedUser,
  type ParentReferralAnswer,
  ParentReferralSchema,
  type Security,
  SecuritySchema,
  usernameSchema,
} from '@coparent/domain';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type { InviteCredentialsDraft } from './invite-credentials-draft';

/**
 * The username and password with the domain's rules (as `credentialsSchema`), but the password is
 * also checked on its own: the domain's object check waits for a valid username, and this form
 * lists every problem at once.
 */
function credentialsFieldsSchema(email: string | null) {
  const addProblems = (password: string, username: string | undefined, ctx: z.RefinementCtx) => {
    for (const problem of accountPasswordProblems(password, { username, email })) {
      ctx.addIssue({
        code: 'custom',
        path: username === undefined ? [] : ['password'],
        message: problem,
      });
    }
  };
  return z
    .object({
      username: usernameSchema,
      password: z
        .string(errorKey('validPwdNone_error'))
        .superRefine((password, ctx) => addProblems(password, undefined, ctx)),
    })
    .superRefine((value, ctx) => addProblems(value.password, value.username, ctx));
}

/**
 * The /invite/credentials form: the domain's credentials, referral and security schemas side by
 * side, plus the terms and marketing boxes when the person has not agreed to the terms yet.
 */
export function inviteCredentialsSchema({
  email,
  needsTerms,
}: {
  email: string | null;
  needsTerms: boolean;
}) {
  return z.object({
    credentials: credentialsFieldsSchema(email),
    referral: ParentReferralSchema,
    security: SecuritySchema,
    consent: z.object({
      terms: needsTerms ? z.literal(true, errorKey('payment_terms_error')) : z.boolean().optional(),
      marketingOptIn: z.boolean().optional(),
    }),
  });
}

export type InviteCredentialsValues = {
  credentials: Credentials;
  referral: ParentReferralAnswer;
  security: Security;
  consent: { terms?: boolean; marketingOptIn?: boolean };
};

/** What the form holds ('' = not chosen yet; the schema's messages say what is missing). */
export type InviteCredentialsInput = {
  credentials: { username: string; password: string };
  referral: { selection: string; other: string };
  security: {
    securityQuestion: string;
    securityAnswer: string;
    securityCode: string;
    confirmCode: string;
  };
  consent: { terms: boolean; marketingOptIn: boolean };
};

/** What the form starts with: what was typed in this tab, else what the server saved. */
export function inviteCredentialsDefaults(
  draft: InviteCredentialsDraft | null,
  saved: InvitedUser | undefined,
): InviteCredentialsInput {
  return {
    credentials: { username: draft?.username ?? '', password: '' },
    referral: draft?.referral ?? {
      selection: saved?.referral?.selection ?? '',
      other: saved?.referral?.other ?? '',
    },
    security: {
      securityQuestion: draft?.securityQuestion ?? saved?.securityQuestion ?? '',
      securityAnswer: '',
      securityCode: '',
      confirmCode: '',
    },
    consent: draft?.consent ?? { terms: false, marketingOptIn: false },
  };
}

/** The server's field names (PATCH /v2/users/:userId, POST /v2/credentials) → the form's. */
const SERVER_FIELDS: Record<string, Path<InviteCredentialsInput>> = {
  username: 'credentials.username',
  password: 'credentials.password',
  'referral.selection': 'referral.selection',
  'referral.other': 'referral.other',
  securityQuestion: 'security.securityQuestion',
  securityAnswer: 'security.securityAnswer',
  securityCode: 'security.securityCode',
  confirmCode: 'security.confirmCode',
};

export function inviteCredentialsFieldFor(field: string): Path<InviteCredentialsInput> | undefined {
  return SERVER_FIELDS[field];
}
