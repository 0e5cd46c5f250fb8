import { DEFAULT_CURRENCY } from '../constants/limits.js';
import type { Locale } from '../constants/locale.js';

/**
 * Money is an integer number of minor units (cents, pence, centavos) from the catalog to the
 * response: never a float. Display strings come from `Intl.NumberFormat`, which is given an exact
 * decimal string (Intl.NumberFormat v3), so no binary fraction ever touches an amount.
 */

/** The currencies we sell in. Mexico is priced in pesos (MXN). */
export const CURRENCIES = ['USD', 'CAD', 'GBP', 'EUR', 'AUD', 'NZD', 'MXN'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Minor digits per currency (ISO 4217 exponent): every currency we sell in has 2. */
export const CURRENCY_MINOR_DIGITS: Readonly<Record<CurrencyCode, number>> = {
  USD: 2,
  CAD: 2,
  GBP: 2,
  EUR: 2,
  AUD: 2,
  NZD: 2,
  MXN: 2,
};

/** The largest amount the engine accepts: 10^12 minor units keeps every product below 2^53. */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

export function assertMinorUnits(value: number, what = 'amount'): void {
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_MINOR_UNITS) {
    throw new RangeError(`${what} must be an integer number of minor units (got ${value})`);
  }
}

/** 1999 → '19.99', -5 → '-0.05' (exact; the minor digits of the currency). */
export function minorToDecimalString(minor: number, currency: CurrencyCode): string {
  assertMinorUnits(minor);
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** '19.99' → 1999; '19.9' → 1990; '19' → 1900. Rejects more decimals than the currency has. */
export function decimalStringToMinor(text: string, currency: CurrencyCode): number {
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: "${text}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = CURRENCY_MINOR_DIGITS[currency];
  if (fraction.length > digits) {
    throw new RangeError(`"${text}" has more than ${digits} decimals for ${currency}`);
  }
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  assertMinorUnits(minor);
  return sign ? -minor : minor;
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: CurrencyCode, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: CURRENCY_MINOR_DIGITS[currency],
      maximumFractionDigits: CURRENCY_MINOR_DIGITS[currency],
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Currencies that Intl writes with a bare '$' in their own locale although visitors of a site that
 * also sells in dollars read '$' as dollars: the peso. They name their code after the amount.
 */
const CODE_AFTER_BARE_DOLLAR_SIGN: ReadonlySet<CurrencyCode> = new Set(['MXN']);

/**
 * Formats minor units for display: formatMoney(1999, 'USD', 'en-US') → '$19.99';
 * formatMoney(179900, 'MXN', 'es-MX') → '$1,799.00 MXN'; formatMoney(179900, 'MXN', 'en-US') →
 * 'MX$1,799.00'; formatMoney(11999, 'GBP', 'en-GB') → '£119.99'.
 * `locale` is any BCP 47 tag (see `moneyLocale`).
 */
export function formatMoney(minor: number, currency: CurrencyCode, locale: string): string {
  // Intl.NumberFormat v3 (ES2023) formats a decimal string exactly.
  const exact = minorToDecimalString(minor, currency) as Intl.StringNumericLiteral;
  const formatted = currencyFormatter(currency, locale).format(exact);
  return CODE_AFTER_BARE_DOLLAR_SIGN.has(currency) && currencySymbol(currency, locale) === '$'
    ? `${formatted}\u00a0${currency}`
    : formatted;
}

/** The currency symbol as the locale writes it: '$', '£', 'CA$', 'MX$'… */
export function currencySymbol(currency: CurrencyCode, locale: string): string {
  const parts = currencyFormatter(currency, locale).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * Reads back a string made by `formatMoney` in the same currency and locale (the "formatted twin
 * parses back" property): the locale's decimal separator and minus sign are taken from Intl.
 */
export function parseMoney(text: string, currency: CurrencyCode, locale: string): number {
  const parts = currencyFormatter(currency, locale).formatToParts(-1.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const minus = parts.find((part) => part.type === 'minusSign')?.value ?? '-';
  const currencyText = parts.find((part) => part.type === 'currency')?.value ?? '';
  // Remove the symbol first: some symbols contain letters or dots of their own ('MX$', 'US$').
  const body = currencyText ? text.replace(currencyText, '') : text;
  let negative = false;
  let out = '';
  for (const char of body) {
    if (char >= '0' && char <= '9') out += char;
    else if (char === decimal) out += '.';
    else if (char === minus || char === '-' || char === '\u2212') negative = true;
  }
  const minor = decimalStringToMinor(out === '' ? '0' : out, currency);
  return negative ? -minor : minor;
}

/**
 * The formatting locale for a product locale and the visitor's country. English takes the
 * country's conventions where we sell ('en-GB' writes '£', 'en-CA' writes '$' for CAD);
 * elsewhere 'en-US', which tells every dollar apart (US$ is '$', CA$, A$, NZ$, MX$). Spanish is
 * 'es-MX' (where '$' is the peso), or 'es-US' for a visitor in the United States.
 */
export function moneyLocale(locale: Locale, country?: string | null): string {
  const id = (country ?? '').trim().toUpperCase();
  if (locale === 'es-MX') return id === 'US' ? 'es-US' : 'es-MX';
  return ENGLISH_MONEY_COUNTRIES.has(id) ? `en-${id}` : 'en-US';
}

const ENGLISH_MONEY_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ']);

/** The currency of each country we price in; any other country (or none) pays in USD. */
export const COUNTRY_CURRENCIES: Readonly<Record<string, CurrencyCode>> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  IE: 'EUR',
  AU: 'AUD',
  NZ: 'NZD',
  MX: 'MXN',
};

/** The country whose money a currency is (USD: the United States), to format it as there. */
export function countryOfCurrency(currency: CurrencyCode): string | undefined {
  return Object.entries(COUNTRY_CURRENCIES).find(([, code]) => code === currency)?.[0];
}

export function currencyForCountry(country?: string | null): CurrencyCode {
  const id = (country ?? '').trim().toUpperCase();
  return COUNTRY_CURRENCIES[id] ?? (DEFAULT_CURRENCY as CurrencyCode);
}

/** round(a × b / c), halves away from zero, exact (BigInt) for any safe integers. */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c === 0) throw new RangeError('division by zero');
  const numerator = BigInt(a) * BigInt(b);
  const denominator = BigInt(c);
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return Number(negative ? -rounded : rounded);
}

/** Splits `amount` into `parts` integers that differ by at most 1 and add up to it. */
export function splitEvenly(amount: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be ≥ 1');
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}
