import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

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
