import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isPhoneCodeId, PHONE_CODES } from '../constants/phone-codes.js';

/**
 * A phone number written as its country writes it: '+442035140008' → '020 3514 0008',
 * '+18667559991' → '(866) 755-9991'. `international` keeps the dial code in front
 * ('+44 20 3514 0008'), for a number shown beside its code or called from another country.
 * `dialCode` ('+44') reads a number typed without it. What libphonenumber cannot read is
 * returned as given.
 */
export function formatPhoneNumber(
  number: string,
  { dialCode = '', international = false }: { dialCode?: string; international?: boolean } = {},
): string {
  const digits = number.replace(/[^\d+]/g, '');
  const full = digits.startsWith('+') ? digits : `+${dialCode.replace(/\D/g, '')}${digits}`;
  const parsed = parsePhoneNumberFromString(full);
  if (!parsed) return number;
  return international ? parsed.formatInternational() : parsed.formatNational();
}

/**
 * A phone number in E.164 ('+447700900123'), the one form texts are sent to, from what the forms
 * store: a phone code id (`US_CANADA`, `UNITED_KINGDOM`, `MEXICO`) and the national number as
 * typed (digits; a UK trunk 0 is dropped). Null without a number or with an unknown code.
 * libphonenumber reads it with the code's country; what it cannot read is joined to the dial code.
 */
export function phoneNumberE164(
  phoneCodeId: string | null | undefined,
  nationalNumber: string | null | undefined,
): string | null {
  const digits = nationalNumber?.replace(/\D/g, '') ?? '';
  if (!digits || !isPhoneCodeId(phoneCodeId)) return null;
  const { dialCode, country } = PHONE_CODES[phoneCodeId];
  return parsePhoneNumberFromString(digits, country)?.number ?? `${dialCode}${digits}`;
}
