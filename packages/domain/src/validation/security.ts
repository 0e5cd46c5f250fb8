import { z } from 'zod';
import {
  SECURITY_CODE_LENGTH,
  SECURITY_TEXT_MAX_LENGTH,
  SECURITY_TEXT_MIN_LENGTH,
} from '../constants/limits.js';
import type { MessageKey } from '../messages/en.js';
import { errorKey } from './fields.js';
import { codePointLength, normalizeQuotes } from './text.js';

/**
 * Characters allowed in a security question or answer: letters of any script (so á é í ó ú ñ ü and
 * their capitals, which Spanish speakers type), combining marks, ASCII digits, spaces and
 * ? - , . ; ' # / : (the spec's list), plus the Spanish opening marks ¿ and ¡.
 */
export const SECURITY_TEXT_PATTERN = /^[\p{L}\p{M}0-9 ?\-,.;'#/:¿¡]*$/u;

/** Typographic quotes → plain, NFC, whitespace runs → one space, trimmed. */
export function cleanSecurityText(value: string): string {
  return normalizeQuotes(value).normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Comparison form of a security text (case-insensitive): also what to hash for an answer. */
export function securityTextKey(value: string): string {
  return cleanSecurityText(value).toLocaleLowerCase('en-US');
}

export function isSecurityTextLength(value: string): boolean {
  const length = codePointLength(value);
  return length >= SECURITY_TEXT_MIN_LENGTH && length <= SECURITY_TEXT_MAX_LENGTH;
}

/** A security question or answer (the output is the cleaned text); its messages name it. */
export function makeSecurityTextSchema(lengthKey: MessageKey, charactersKey: MessageKey) {
  return z
    .string(errorKey(lengthKey))
    .overwrite(cleanSecurityText)
    .refine(isSecurityTextLength, errorKey(lengthKey))
    .regex(SECURITY_TEXT_PATTERN, errorKey(charactersKey));
}

export const securityQuestionSchema = makeSecurityTextSchema(
  'signup_securityQuestion_error',
  'signup_securityQuestionCharacters_error',
);
export const securityAnswerSchema = makeSecurityTextSchema(
  'signup_securityAnswer_error',
  'signup_securityAnswerCharacters_error',
);

export const SECURITY_CODE_PATTERN = new RegExp(`^[0-9]{${SECURITY_CODE_LENGTH}}$`);

/** A security code: digits only, exactly 4 of them (only4). */
export const securityCodeSchema = z
  .string(errorKey('only4'))
  .regex(/^[0-9]*$/, errorKey('signup_securityCodeDigits_error'))
  .length(SECURITY_CODE_LENGTH, errorKey('only4'));

/** The answer may not equal the question (case-insensitive, after cleaning). */
export function answerEqualsQuestion(question: string, answer: string): boolean {
  const q = securityTextKey(question);
  return q !== '' && q === securityTextKey(answer);
}
