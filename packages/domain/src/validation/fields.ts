import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from '../constants/limits.js';
import { PHONE_CODE_IDS, type PhoneCodeId } from '../constants/phone-codes.js';
import type { MessageKey } from '../messages/en.js';
import {
  cleanName,
  codePointLength,
  containsEmoji,
  containsSpoofingCharacters,
  digitsOnly,
} from './text.js';

/** A message key as a zod error parameter (keeps keys type-checked at every use). */
export function errorKey(k: MessageKey): { error: MessageKey } {
  return { error: k };
}

/** Reports a rule across fields as broken: the message key `message` at `path`. */
export function fieldIssue(ctx: z.RefinementCtx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** Zod's own practical email pattern (the one behind `z.email()`). */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

export const PHONE_NUMBER_PATTERN = new RegExp(`^[0-9]{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);

export function isValidPhoneNumber(value: string): boolean {
  return PHONE_NUMBER_PATTERN.test(value);
}

/** Same phone: same country code and the same digits. Two missing numbers are not "the same". */
export function samePhone(
  a: { countryCode?: string | null; phoneNumber?: string | null } | null | undefined,
  b: { countryCode?: string | null; phoneNumber?: string | null } | null | undefined,
): boolean {
  const left = digitsOnly(a?.phoneNumber ?? '');
  return (
    left !== '' && a?.countryCode === b?.countryCode && left === digitsOnly(b?.phoneNumber ?? '')
  );
}

/**
 * The rule every name field shares (people, practices, referrals, cardholders): nothing invisible,
 * no direction change, no pile of combining marks, so a name shown in an email or a list reads as
 * what it is. Use as `.refine(...NAME_SPOOFING_RULE)` after the field's cleaning.
 */
export const NAME_SPOOFING_RULE = [
  (value: string) => !containsSpoofingCharacters(value),
  errorKey('signup_nameInvisible_error'),
] as const;

/**
 * A person's name: cleaned first (quotes, whitespace, trim; the parsed output is the cleaned
 * value), then 1–20 characters (code points), no emoji and nothing that spoofs (`refuseSpoofing`).
 */
export function makeNameSchema(requiredKey: MessageKey = 'required') {
  return z
    .string(errorKey(requiredKey))
    .overwrite(cleanName)
    .min(1, errorKey(requiredKey))
    .refine((v) => !containsEmoji(v), errorKey('signup_nameEmoji_error'))
    .refine(...NAME_SPOOFING_RULE)
    .refine((v) => codePointLength(v) <= NAME_MAX_LENGTH, errorKey('signup_nameLength_error'));
}

export const nameSchema = makeNameSchema('required');
export const firstNameSchema = makeNameSchema('signup_firstName_error');
export const lastNameSchema = makeNameSchema('signup_lastName_error');

/** A person's first and last name, as every form and request body takes them. */
export const personNameFields = { firstName: firstNameSchema, lastName: lastNameSchema };

/** A required email: trimmed (the output is trimmed), at most 254 characters, valid. */
export const emailSchema = z
  .string(errorKey('signup_emailRequired_error'))
  .trim()
  .min(1, { error: 'signup_emailRequired_error' satisfies MessageKey, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: 'signup_email_error' satisfies MessageKey, abort: true })
  .regex(EMAIL_PATTERN, errorKey('signup_email_error'));

/** An email that may be left empty ('' = not given); when given it must be valid. Output trimmed. */
export const optionalEmailSchema = z
  .string(errorKey('signup_email_error'))
  .trim()
  .refine((v) => v === '' || isValidEmail(v), errorKey('signup_email_error'));

/** A phone number: ASCII digits only, 8 to 15 of them. */
export const phoneNumberSchema = z
  .string(errorKey('signup_phoneNumber_error'))
  .regex(PHONE_NUMBER_PATTERN, errorKey('signup_phoneNumber_error'));

/** A phone number that may be left empty ('' = not given). */
export const optionalPhoneNumberSchema = z
  .string(errorKey('signup_phoneNumber_error'))
  .refine((v) => v === '' || isValidPhoneNumber(v), errorKey('signup_phoneNumber_error'));

export const phoneCodeIdSchema = z.enum(PHONE_CODE_IDS, errorKey('signup_countryCode_error'));
export type { PhoneCodeId };
