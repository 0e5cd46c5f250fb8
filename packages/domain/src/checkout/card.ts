import { z } from 'zod';
import type { MessageKey } from '../messages/en.js';
import { errorKey, fieldIssue } from '../validation/fields.js';

/**
 * Card fields of the payment view ('Enter a valid credit card number', 'Enter a valid
 * expiration date', 'Enter a valid security code'). With Braintree the hosted fields check them;
 * the local sandbox's own card form and its tokenisation endpoint check them with these rules.
 */

/** Card brands as Braintree names them (hosted fields' `details.cardType`). */
export const CARD_TYPES = ['Visa', 'MasterCard', 'American Express', 'Discover', 'JCB'] as const;
export type CardType = (typeof CARD_TYPES)[number];

type Brand = { type: CardType; lengths: readonly number[]; cvvLength: 3 | 4; prefix: RegExp };

/** IIN ranges and lengths per brand (ISO/IEC 7812 as the networks publish them). */
const BRANDS: readonly Brand[] = [
  { type: 'American Express', lengths: [15], cvvLength: 4, prefix: /^3[47]/ },
  { type: 'Visa', lengths: [13, 16, 19], cvvLength: 3, prefix: /^4/ },
  {
    type: 'MasterCard',
    lengths: [16],
    cvvLength: 3,
    prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/,
  },
  {
    type: 'Discover',
    lengths: [16, 17, 18, 19],
    cvvLength: 3,
    prefix: /^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d{2}|9[01]\d|92[0-5]))/,
  },
  { type: 'JCB', lengths: [16, 17, 18, 19], cvvLength: 3, prefix: /^35(2[89]|[3-8]\d)/ },
];

/** Digits of a card number as typed: spaces and dashes are allowed between groups. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its prefix (digits only), or null. */
export function cardTypeOf(number: string): CardType | null {
  const digits = cardDigits(number);
  return BRANDS.find((brand) => brand.prefix.test(digits))?.type ?? null;
}

/** The security code length of a brand: 4 for American Express, 3 otherwise. */
export function cvvLengthFor(type: CardType | null): 3 | 4 {
  return BRANDS.find((brand) => brand.type === type)?.cvvLength ?? 3;
}

/** A number of a known brand, of that brand's length, passing Luhn. */
export function isValidCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  const brand = BRANDS.find((b) => b.prefix.test(digits));
  return (brand?.lengths.includes(digits.length) ?? false) && luhnValid(digits);
}

/** Where a brand's number is split as it is printed: American Express 4-6-5, the others by 4. */
function groupSizes(type: CardType | null): readonly number[] {
  return type === 'American Express' ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** The longest number a brand has (19 digits when the brand is not known yet). */
export function cardNumberMaxDigits(type: CardType | null): number {
  const brand = BRANDS.find((b) => b.type === type);
  return brand ? Math.max(...brand.lengths) : 19;
}

/**
 * A card number as typed, shown as the card prints it: digits only, grouped for its brand
 * ('4111111111111111' → '4111 1111 1111 1111', American Express '3782 822463 10005'), no longer
 * than the brand's longest number.
 */
export function formatCardNumber(typed: string): string {
  const type = cardTypeOf(typed);
  const digits = typed.replace(/\D/g, '').slice(0, cardNumberMaxDigits(type));
  const groups: string[] = [];
  let start = 0;
  for (const size of groupSizes(type)) {
    if (start >= digits.length) break;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}

/**
 * An expiry date as typed, shown as MM / YY with the slash added: '1230' → '12 / 30', '4' →
 * '04', '12/2030' → '12 / 2030' (a four-digit year is kept). A first digit above 1 can only be a
 * month of one digit.
 */
export function formatExpirationDate(typed: string): string {
  let digits = typed.replace(/\D/g, '').slice(0, 6);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 6);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** An expiry date as the gateway takes it: 'MM/YY' (or MM/YYYY), without the spaces shown. */
export function compactExpirationDate(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Cards are accepted up to this many years ahead. */
export const CARD_EXPIRY_MAX_YEARS = 20;

/** 'MM/YY' (or MM/YYYY, spaces allowed around the slash) → { month, year } or null. */
export function parseExpirationDate(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * An expiry date that is well formed, not in the past (a card is valid through the last day of
 * its month) and at most 20 years ahead. `now` is the visitor's clock (UTC months).
 */
export function isValidExpirationDate(value: string, now: Date): boolean {
  const parsed = parseExpirationDate(value);
  if (!parsed) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = parsed.year * 12 + (parsed.month - 1);
  return expiry >= current && expiry <= current + CARD_EXPIRY_MAX_YEARS * 12;
}

/** 3 digits (4 for American Express); without a known brand, 3 or 4. */
export function isValidCvv(cvv: string, type: CardType | null): boolean {
  if (type === null) return /^\d{3,4}$/.test(cvv);
  return new RegExp(`^\\d{${cvvLengthFor(type)}}$`).test(cvv);
}

export type CardFields = {
  number: string;
  expirationDate: string;
  cvv: string;
  postalCode?: string | undefined;
};

/** Every card field problem, by field: number, expirationDate, cvv. */
export function cardFieldProblems(
  fields: CardFields,
  now: Date,
): { field: 'number' | 'expirationDate' | 'cvv'; key: MessageKey }[] {
  const problems: { field: 'number' | 'expirationDate' | 'cvv'; key: MessageKey }[] = [];
  const validNumber = isValidCardNumber(fields.number);
  if (!validNumber) problems.push({ field: 'number', key: 'payment_cardNumber_error' });
  if (!isValidExpirationDate(fields.expirationDate, now)) {
    problems.push({ field: 'expirationDate', key: 'payment_expirationDate_error' });
  }
  const type = validNumber ? cardTypeOf(fields.number) : null;
  if (!isValidCvv(fields.cvv.trim(), type)) {
    problems.push({ field: 'cvv', key: 'payment_securityCode_error' });
  }
  return problems;
}

/**
 * POST /v2/payment/sandbox/tokenize (local sandbox only): the card form's fields. The field rules
 * need the clock, so the server runs `cardFieldProblems` after this shape check; the browser's
 * form uses `cardFieldsSchema(now)`.
 */
export const SandboxTokenizeRequestSchema = z.object(
  {
    number: z
      .string(errorKey('payment_cardNumber_error'))
      .max(40, errorKey('payment_cardNumber_error')),
    expirationDate: z
      .string(errorKey('payment_expirationDate_error'))
      .max(10, errorKey('payment_expirationDate_error')),
    cvv: z
      .string(errorKey('payment_securityCode_error'))
      .max(8, errorKey('payment_securityCode_error')),
    postalCode: z
      .string()
      .trim()
      .max(30)
      .nullish()
      .transform((v) => v ?? undefined),
    cardholderName: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v ?? undefined),
  },
  errorKey('invalidValue'),
);
export type SandboxTokenizeRequest = z.infer<typeof SandboxTokenizeRequestSchema>;

/** The card form's schema (browser): the three fields with the spec's messages. */
export function cardFieldsSchema(now: () => Date = () => new Date()) {
  return SandboxTokenizeRequestSchema.superRefine((value, ctx) => {
    for (const problem of cardFieldProblems(value, now())) {
      fieldIssue(ctx, [problem.field], problem.key);
    }
  });
}

/**
 * The tokenisation answer: the shape of Braintree hosted fields' `tokenize` payload (the part we
 * use), so the browser code is the same for both gateways.
 */
export const TokenizePayloadSchema = z.object({
  nonce: z.string(),
  details: z.object({
    cardType: z.string(),
    lastFour: z.string(),
    lastTwo: z.string(),
    expirationMonth: z.string(),
    expirationYear: z.string(),
  }),
  description: z.string(),
  type: z.literal('CreditCard'),
});
export type TokenizePayload = z.infer<typeof TokenizePayloadSchema>;
