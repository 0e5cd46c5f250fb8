/** Phone country codes (spec 000 §3). */
export const PHONE_CODES = {
  US_CANADA: { dialCode: '+1' },
  UNITED_KINGDOM: { dialCode: '+44' },
  MEXICO: { dialCode: '+52' },
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
