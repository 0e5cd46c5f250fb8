import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { PHONE_CODES, type PhoneCodeId } from '../constants/phone-codes.js';
import type { MessageKey } from '../messages/en.js';

/**
 * Why a co-parent's number cannot receive the invitation by text, or undefined when it may:
 * not a possible number of its code's country (wrong length), or a number whose type is known to
 * be a landline (FIXED_LINE). A type libphonenumber cannot tell apart (FIXED_LINE_OR_MOBILE: the
 * US, Canada and Mexico) or does not know is let through: the carrier has the last word.
 * Its own entry point (`@coparent/domain/phone-type`): the metadata with number types is several
 * times the size of the one the web loads, so the server alone checks it.
 */
export function textablePhoneIssue({
  countryCode,
  phoneNumber,
}: {
  countryCode: PhoneCodeId;
  phoneNumber: string;
}): MessageKey | undefined {
  const parsed = parsePhoneNumberFromString(phoneNumber, PHONE_CODES[countryCode].country);
  if (!parsed?.isPossible()) return 'signup_coParentPhoneNotPossible_error';
  return parsed.getType() === 'FIXED_LINE' ? 'signup_coParentPhoneLandline_error' : undefined;
}
