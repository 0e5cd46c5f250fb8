/** Phone country codes a visitor can choose. */
export const PHONE_CODES = {
  // US_CANADA points to the US (Canada shares the default support line).
  US_CANADA: { dialCode: '+1', country: 'US' },
  UNITED_KINGDOM: { dialCode: '+44', country: 'GB' },
  MEXICO: { dialCode: '+52', country: 'MX' },
} as const;

export const PHONE_CODE_IDS = ['US_CANADA', 'UNITED_KINGDOM', 'MEXICO'] as const;
export type PhoneCodeId = (typeof PHONE_CODE_IDS)[number];
export type DialCode = (typeof PHONE_CODES)[PhoneCodeId]['dialCode'];

export function isPhoneCodeId(value: unknown): value is PhoneCodeId {
  return typeof value === 'string' && (PHONE_CODE_IDS as readonly string[]).includes(value);
}

/** The dial code without the plus, as the pricing call wants it: '1' | '44' | '52'. */
export function dialCodeDigits(id: PhoneCodeId): '1' | '44' | '52' {
  return PHONE_CODES[id].dialCode.slice(1) as '1' | '44' | '52';
}

/** Phone code id from a dial code with or without the plus ('+44', '44'); undefined when unknown. */
export function phoneCodeIdFromDialCode(dialCode: string): PhoneCodeId | undefined {
  const digits = dialCode.replace(/\D/g, '');
  return PHONE_CODE_IDS.find((id) => dialCodeDigits(id) === digits);
}

/** The country (ISO 3166-1 alpha-2) a phone code points to. */
export function phoneCodeCountry(id: PhoneCodeId): 'US' | 'GB' | 'MX' {
  return PHONE_CODES[id].country;
}

/**
 * The visitor's country as the flags see it (the flag evaluation context's `country`):
 * the billing country once saved, else the country of the step-1 phone code once a number was
 * typed with it, else unknown. The browser's flag context and the server's, for the experiments
 * it decides itself, both ask here, so a flag rule on country splits them the same way.
 */
export function visitorFlagCountry(visitor: {
  billingCountry?: string | null | undefined;
  phoneCode?: string | null | undefined;
  phoneNumber?: string | null | undefined;
}): string | undefined {
  if (visitor.billingCountry) return visitor.billingCountry;
  if (isPhoneCodeId(visitor.phoneCode) && visitor.phoneNumber) {
    return phoneCodeCountry(visitor.phoneCode);
  }
  return undefined;
}
