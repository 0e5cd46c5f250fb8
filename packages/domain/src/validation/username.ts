import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants/limits.js';
import type { MessageKey } from '../messages/en.js';
import { errorKey } from './fields.js';

/**
 * Username characters: ASCII letters, digits and _ - . , @ ' (see README: the at sign is allowed
 * anywhere but at the start; ASCII only, so look-alike letters cannot imitate another user).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\-.,@']+$/;

/** The first username problem, or null when it is fine. */
export function usernameProblem(raw: string): MessageKey | null {
  const value = raw.trim();
  if (value === '') return 'validUsernameNone_error';
  if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH) {
    return 'validUsernameLength_error';
  }
  if (value.startsWith('@')) return 'validUsernameAtSymbol_error';
  if (!USERNAME_PATTERN.test(value)) return 'validUsernameRequirement_error';
  return null;
}

/** Username: trimmed, required, 6–30, no leading @, allowed characters only. */
export const usernameSchema = z
  .string(errorKey('validUsernameNone_error'))
  .trim()
  .min(1, { error: 'validUsernameNone_error' satisfies MessageKey, abort: true })
  .min(USERNAME_MIN_LENGTH, errorKey('validUsernameLength_error'))
  .max(USERNAME_MAX_LENGTH, errorKey('validUsernameLength_error'))
  .refine((v) => !v.startsWith('@'), errorKey('validUsernameAtSymbol_error'))
  .regex(USERNAME_PATTERN, errorKey('validUsernameRequirement_error'));
