import { z } from 'zod';
import { referralNeedsDetail } from '../constants/enums.js';
import { errorKey } from '../validation/fields.js';
import { usernameSchema } from '../validation/username.js';
import { accountPasswordProblems, type Credentials } from './credentials.js';
import type { UpdateInvitedUserRequestInput } from './invite.js';
import { type ParentReferralAnswer, ParentReferralSchema } from './referral.js';
import { type Security, SecuritySchema } from './security.js';

// The invited co-parent's /invite/credentials form: one rule for the app's form and the server's
// answer to the same form posted without a script.

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

/** The form's text fields, by the names a posted form sends them under (its field paths). */
const TEXT_FIELDS = {
  'credentials.username': ['credentials', 'username'],
  'credentials.password': ['credentials', 'password'],
  'referral.selection': ['referral', 'selection'],
  'referral.other': ['referral', 'other'],
  'security.securityQuestion': ['security', 'securityQuestion'],
  'security.securityAnswer': ['security', 'securityAnswer'],
  'security.securityCode': ['security', 'securityCode'],
  'security.confirmCode': ['security', 'confirmCode'],
} as const;

/** The form's boxes: sent (as 'on') only when ticked. */
const BOX_FIELDS = {
  'consent.terms': 'terms',
  'consent.marketingOptIn': 'marketingOptIn',
} as const;

/**
 * The fields a page answering a post never holds again: the password, and the security answer
 * and code, which are kept only as hashes (a person types them again).
 */
export const INVITE_CREDENTIALS_SECRET_FIELDS: readonly string[] = [
  'credentials.password',
  'security.securityAnswer',
  'security.securityCode',
  'security.confirmCode',
];

/** Every field of the form, by its posted name. */
export const INVITE_CREDENTIALS_FORM_FIELDS: readonly string[] = [
  ...Object.keys(TEXT_FIELDS),
  ...Object.keys(BOX_FIELDS),
];

/**
 * A posted /invite/credentials form (a browser without scripts sends text, a ticked box as 'on')
 * → what the form holds. A field not sent is empty, a box not sent unticked.
 */
export function inviteCredentialsFieldsFromForm(
  form: Readonly<Record<string, unknown>>,
): InviteCredentialsInput {
  const text = (name: keyof typeof TEXT_FIELDS) => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
  const box = (name: keyof typeof BOX_FIELDS) => {
    const value = form[name];
    return typeof value === 'string' && value !== '';
  };
  return {
    credentials: {
      username: text('credentials.username'),
      password: text('credentials.password'),
    },
    referral: { selection: text('referral.selection'), other: text('referral.other') },
    security: {
      securityQuestion: text('security.securityQuestion'),
      securityAnswer: text('security.securityAnswer'),
      securityCode: text('security.securityCode'),
      confirmCode: text('security.confirmCode'),
    },
    consent: { terms: box('consent.terms'), marketingOptIn: box('consent.marketingOptIn') },
  };
}

/**
 * The PATCH /v2/users/:userId body of the form's referral and security (the third of its calls,
 * after the terms and the marketing opt-in, before the credentials): the referral's follow-up
 * only for the answers that ask for one.
 */
export function inviteCredentialsUpdateRequest(
  values: Pick<InviteCredentialsValues, 'referral' | 'security'>,
): UpdateInvitedUserRequestInput {
  const { selection, other } = values.referral;
  return {
    sections: ['REFERRAL', 'SECURITY_QUESTION', 'SECURITY_CODE'],
    referral: { selection, other: referralNeedsDetail(selection) ? other : undefined },
    ...values.security,
  };
}

/**
 * The API's field names (PATCH /v2/users/:userId, POST /v2/credentials) and the form's own paths
 * → the form's field path.
 */
const FORM_PATHS: Record<string, string> = {
  username: 'credentials.username',
  password: 'credentials.password',
  securityQuestion: 'security.securityQuestion',
  securityAnswer: 'security.securityAnswer',
  securityCode: 'security.securityCode',
  confirmCode: 'security.confirmCode',
  ...Object.fromEntries(INVITE_CREDENTIALS_FORM_FIELDS.map((path) => [path, path])),
};

/** The form's field a problem belongs beside (undefined: none, the summary alone shows it). */
export function inviteCredentialsFormPath(field: string): string | undefined {
  return Object.hasOwn(FORM_PATHS, field) ? FORM_PATHS[field] : undefined;
}
