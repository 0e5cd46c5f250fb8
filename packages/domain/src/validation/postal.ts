import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { BILLING_POSTAL_MAX_LENGTH, BILLING_POSTAL_MIN_LENGTH } from '../constants/limits.js';

/** Whether postcode-validator has a pattern for the country (about 190 countries do). */
export function hasPostalFormat(countryId: string): boolean {
  return postcodeValidatorExistsForCountry(countryId.toUpperCase());
}

/**
 * Postal code check: 2–30 characters, and the country's format when one is known (upper-cased
 * before matching). The length cap runs first, so no pattern ever sees a long input; every pattern
 * was also checked against 50,000-character adversarial inputs (see postal.test.ts).
 */
export function isValidPostalCode(postalCode: string, countryId: string): boolean {
  const value = postalCode.trim();
  if (value.length < BILLING_POSTAL_MIN_LENGTH || value.length > BILLING_POSTAL_MAX_LENGTH) {
    return false;
  }
  const country = countryId.toUpperCase();
  if (!hasPostalFormat(country)) return true;
  return postcodeValidator(value.toUpperCase(), country);
}

/** Postal code is required where the country has postal codes (a known format); optional elsewhere. */
export function isPostalCodeRequired(countryId: string): boolean {
  return hasPostalFormat(countryId);
}

/** Countries whose postcode ends in a three-character inward part after one space: 'SW1A 2AA'. */
const SPACE_BEFORE_LAST_THREE: ReadonlySet<string> = new Set(['GB', 'GG', 'IM', 'JE', 'CA']);

/**
 * A postal code as it is stored and shown: trimmed, upper-cased, one space between parts, and for
 * the UK (and Canada, 'K1A 0B1') exactly one space before the last three characters, however it
 * was typed ('sw1a2aa', 'SW1A  2AA' → 'SW1A 2AA').
 */
export function normalisePostalCode(postalCode: string, countryId: string): string {
  const collapsed = postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!SPACE_BEFORE_LAST_THREE.has(countryId.toUpperCase())) return collapsed;
  const compact = collapsed.replace(/ /g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
