import { PRODUCT_NAME } from '../constants/limits.js';
import type { MessageKey } from '../messages/en.js';
import { normalizePassword, PASSWORD_RULES } from './password.js';

/**
 * Guessable passwords, refused on top of the spec's rules (the architecture's password policy, NIST SP 800-63B
 * 3.1.1.2): common passwords, and passwords built from the username, the email's local part or the
 * product's name. Every rule here is pure, so the browser can run it too.
 */

/**
 * A small bundled blocklist: frequent passwords from public breach corpora, in the variants that
 * pass the spec's rules (12–25 characters, a letter, a number, a special character). A test checks
 * that each entry passes those rules, so the list never holds a dead entry.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  'Password123!',
  'Password1234!',
  'Password@123',
  'Password#123',
  'Password123$',
  'P@ssw0rd1234',
  'P@ssword1234',
  'Passw0rd!234',
  'Welcome123!@',
  'Welcome@1234',
  'Qwerty123456!',
  'Qwerty@12345',
  'Qwertyuiop1!',
  'Qwertyuiop@1',
  'Abcd@1234567',
  'Abc123456789!',
  'Abcdef123456!',
  'Iloveyou123!',
  'Letmein12345!',
  'Admin@123456',
  'Administrator1!',
  'Changeme123!',
  'Football123!',
  'Baseball123!',
  'Sunshine123!',
  'Princess123!',
  'Superman123!',
  'Monkey123456!',
  'Dragon123456!',
  'Trustno1!234',
  '1q2w3e4r5t6y!',
  '1qaz2wsx3edc!',
  'Zaq12wsx!@#$',
  'Summer2024!!',
  'Winter2024!!',
  'Spring2024!!',
  'Autumn2024!!',
];

/**
 * Letter skeletons of common passwords: a password whose letters (after undoing the usual
 * substitutions such as @ → a, 0 → o, 1 → i, 3 → e, $ → s) are exactly one of these words is
 * refused whatever digits and symbols surround it ('Password2025!!', 'P@$$w0rd-2024').
 */
export const COMMON_PASSWORD_WORDS: readonly string[] = [
  'password',
  'passwort',
  'contrasena',
  'welcome',
  'bienvenido',
  'qwerty',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qaz',
  'wsx',
  'qazwsx',
  'qazwsxedc',
  'zaqwsx',
  'abc',
  'abcd',
  'abcdef',
  'abcdefg',
  'iloveyou',
  'teamo',
  'letmein',
  'admin',
  'administrator',
  'changeme',
  'football',
  'baseball',
  'soccer',
  'futbol',
  'sunshine',
  'princess',
  'superman',
  'batman',
  'monkey',
  'dragon',
  'master',
  'trustno',
  'summer',
  'winter',
  'spring',
  'autumn',
  'fall',
  'love',
  'secret',
  'login',
  'hello',
  'freedom',
  'whatever',
  'starwars',
  'pokemon',
];

const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

/** Lower-case NFKC text with only its letters and digits: the form containment is checked in. */
export function passwordComparisonKey(value: string): string {
  return normalizePassword(value)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The letters of a password once common substitutions are undone, with accents removed.
 * Leading and trailing digits and symbols are dropped first ('Password123!' → 'password'), so
 * a trailing '1' or '!' is not read as an 'i'.
 */
export function passwordSkeleton(value: string): string {
  const core = normalizePassword(value)
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return Array.from(core, (char) => LEET[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '');
}

const COMMON_EXACT = new Set(COMMON_PASSWORDS.map((p) => normalizePassword(p).toLowerCase()));
const COMMON_WORDS = new Set(COMMON_PASSWORD_WORDS);

/** A password from the blocklist, or whose letters are only a common word (see above). */
export function isCommonPassword(password: string): boolean {
  if (COMMON_EXACT.has(normalizePassword(password).toLowerCase())) return true;
  return COMMON_WORDS.has(passwordSkeleton(password));
}

/** The shortest part of an email's local part or a username that we look for in a password. */
export const MIN_CONTAINED_LENGTH = 4;

/** Whether a password holds a username or an email's local part (see MIN_CONTAINED_LENGTH). */
export function containsPart(password: string, part: string | null | undefined): boolean {
  const needle = passwordComparisonKey(part ?? '');
  return needle.length >= MIN_CONTAINED_LENGTH && passwordComparisonKey(password).includes(needle);
}

export type PasswordStrengthContext = {
  username?: string | null;
  email?: string | null;
  /** Defaults to PRODUCT_NAME. */
  productName?: string;
};

/**
 * The guessability problems of a password that already passes the spec's rules: common, contains
 * the username, the email's local part, or the product's name (letters and digits compared
 * without case or punctuation). Empty when it is fine, and for a password that fails the spec's
 * rules (those are reported by `passwordProblems`), so a person fixes one thing at a time.
 */
export function passwordStrengthProblems(
  password: string,
  ctx: PasswordStrengthContext = {},
): MessageKey[] {
  if (password === '' || !PASSWORD_RULES.every((rule) => rule.test(password))) return [];
  const problems: MessageKey[] = [];
  if (isCommonPassword(password)) problems.push('validPwdCommon_error');
  if (containsPart(password, ctx.username)) problems.push('validPwdContainsUsername_error');
  const localPart = (ctx.email ?? '').trim().split('@')[0];
  if (containsPart(password, localPart)) problems.push('validPwdContainsEmail_error');
  if (containsPart(password, ctx.productName ?? PRODUCT_NAME)) {
    problems.push('validPwdContainsProduct_error');
  }
  return problems;
}
