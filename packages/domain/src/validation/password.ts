import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/limits.js';
import type { MessageKey } from '../messages/en.js';
import { errorKey } from './fields.js';
import { codePointLength, emailKey } from './text.js';

/** Passwords are compared and counted in NFKC; hash `normalizePassword(p)` so login matches. */
export function normalizePassword(value: string): string {
  return value.normalize('NFKC');
}

export type PasswordContext = { username?: string | null; email?: string | null };

export type PasswordRule = {
  id: 'length' | 'letter' | 'number' | 'special';
  key: MessageKey;
  test: (password: string) => boolean;
};

/**
 * The requirement checklist, in display order. A special character is anything that is neither a
 * letter nor a number (a space counts).
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    key: 'validPwdLength_error',
    test: (p) => {
      const length = codePointLength(normalizePassword(p));
      return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
    },
  },
  { id: 'letter', key: 'validPwdLetter_error', test: (p) => /\p{L}/u.test(normalizePassword(p)) },
  { id: 'number', key: 'validPwdNumber_error', test: (p) => /\p{N}/u.test(normalizePassword(p)) },
  {
    id: 'special',
    key: 'validPwdSpecial_error',
    test: (p) => /[^\p{L}\p{N}]/u.test(normalizePassword(p)),
  },
];

function sameText(a: string, b: string | null | undefined): boolean {
  const other = (b ?? '').trim();
  return (
    other !== '' && normalizePassword(a).toLowerCase() === normalizePassword(other).toLowerCase()
  );
}

/** Every problem of a password, in checklist order, then the username and email checks. */
export function passwordProblems(password: string, ctx: PasswordContext = {}): MessageKey[] {
  if (password === '') return ['validPwdNone_error'];
  const problems = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.key);
  if (sameText(password, ctx.username)) problems.push('validPwdDupUsername_error');
  if (ctx.email && emailKey(password) === emailKey(ctx.email))
    problems.push('validPwdDupEmail_error');
  return problems;
}

/**
 * Password: required (validPwdNone_error, which names the field), 12–25 characters after NFKC,
 * a letter, a number, a special character, not the username, not the email (both
 * case-insensitive). Never trimmed or truncated; the output is the password as typed.
 */
export function passwordSchema(ctx: PasswordContext = {}) {
  return z.string(errorKey('validPwdNone_error')).superRefine((value, issues) => {
    for (const problem of passwordProblems(value, ctx)) {
      issues.addIssue({ code: 'custom', message: problem });
    }
  });
}
