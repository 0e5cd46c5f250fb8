import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_MINOR_DIGITS,
  currencyForCountry,
  currencySymbol,
  decimalStringToMinor,
  formatMoney,
  MAX_MINOR_UNITS,
  minorToDecimalString,
  moneyLocale,
  mulDivRound,
  parseMoney,
  splitEvenly,
} from './money.js';

const LOCALES = ['en-US', 'en-CA', 'en-GB', 'en-IE', 'en-AU', 'en-NZ', 'es-MX', 'es-US'];

describe('money in minor units', () => {
  it('writes minor units as exact decimal strings and reads them back', () => {
    expect(minorToDecimalString(1999, 'USD')).toBe('19.99');
    expect(minorToDecimalString(5, 'GBP')).toBe('0.05');
    expect(minorToDecimalString(0, 'EUR')).toBe('0.00');
    expect(minorToDecimalString(-250, 'CAD')).toBe('-2.50');
    expect(minorToDecimalString(179900, 'MXN')).toBe('1799.00');
    expect(decimalStringToMinor('19.99', 'USD')).toBe(1999);
    expect(decimalStringToMinor('19.9', 'USD')).toBe(1990);
    expect(decimalStringToMinor('19', 'USD')).toBe(1900);
    expect(() => decimalStringToMinor('19.999', 'USD')).toThrow(RangeError);
    expect(() => decimalStringToMinor('1e3', 'USD')).toThrow(RangeError);
  });

  it('refuses amounts that are not integers', () => {
    expect(() => minorToDecimalString(19.99, 'USD')).toThrow(RangeError);
    expect(() => minorToDecimalString(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => minorToDecimalString(MAX_MINOR_UNITS + 1, 'USD')).toThrow(RangeError);
  });

  it('has two minor digits for every currency, as Intl says', () => {
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency });
      expect(intl.resolvedOptions().maximumFractionDigits, currency).toBe(
        CURRENCY_MINOR_DIGITS[currency],
      );
    }
  });

  it('formats each currency for its own country, in English and Spanish', () => {
    expect(formatMoney(15936, 'USD', 'en-US')).toBe('$159.36');
    expect(formatMoney(21469, 'CAD', 'en-CA')).toBe('$214.69');
    expect(formatMoney(21469, 'CAD', 'en-US')).toBe('CA$214.69');
    expect(formatMoney(11999, 'GBP', 'en-GB')).toBe('£119.99');
    expect(formatMoney(8999, 'EUR', 'en-IE')).toBe('€89.99');
    expect(formatMoney(14999, 'AUD', 'en-AU')).toBe('$149.99');
    expect(formatMoney(15999, 'NZD', 'en-NZ')).toBe('$159.99');
    expect(formatMoney(208684, 'MXN', 'es-MX')).toBe('$2,086.84\u00a0MXN');
    expect(formatMoney(208684, 'MXN', 'en-US')).toBe('MX$2,086.84');
    expect(formatMoney(9999, 'USD', 'es-US')).toBe('$99.99');
    expect(formatMoney(9999, 'USD', 'es-MX')).toBe('USD\u00a099.99');
    // Large amounts stay exact (no binary fraction on the way).
    expect(formatMoney(999_999_999_999, 'USD', 'en-US')).toBe('$9,999,999,999.99');
  });

  it('names the currency wherever a bare $ could be taken for another dollar or the peso', () => {
    // Intl already writes MX$, CA$, A$ and US$ where '$' would be another country's dollar.
    expect(formatMoney(179900, 'MXN', 'es-MX')).toBe('$1,799.00\u00a0MXN');
    expect(formatMoney(179900, 'MXN', 'en-US')).toBe('MX$1,799.00');
    expect(formatMoney(1999, 'USD', 'en-CA')).toBe('US$19.99');
    expect(formatMoney(1999, 'USD', 'es-MX')).toBe('USD\u00a019.99');
    // At home, a dollar is just '$'.
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99');
    expect(formatMoney(1999, 'AUD', 'en-AU')).toBe('$19.99');
    expect(parseMoney(formatMoney(-179900, 'MXN', 'es-MX'), 'MXN', 'es-MX')).toBe(-179900);
  });

  it('gives the symbol as the locale writes it', () => {
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('GBP', 'en-GB')).toBe('£');
    expect(currencySymbol('CAD', 'en-CA')).toBe('$');
    expect(currencySymbol('CAD', 'en-US')).toBe('CA$');
    expect(currencySymbol('MXN', 'es-MX')).toBe('$');
    expect(currencySymbol('EUR', 'en-IE')).toBe('€');
  });

  it('picks the formatting locale from the product locale and the country', () => {
    expect(moneyLocale('en', 'US')).toBe('en-US');
    expect(moneyLocale('en', 'gb')).toBe('en-GB');
    expect(moneyLocale('en', 'MX')).toBe('en-US');
    expect(moneyLocale('en', undefined)).toBe('en-US');
    expect(moneyLocale('es-MX', 'MX')).toBe('es-MX');
    expect(moneyLocale('es-MX', 'US')).toBe('es-US');
    expect(moneyLocale('es-MX', null)).toBe('es-MX');
  });

  it('maps countries to currencies, USD by default', () => {
    expect(['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'MX'].map((c) => currencyForCountry(c))).toEqual([
      'USD',
      'CAD',
      'GBP',
      'EUR',
      'AUD',
      'NZD',
      'MXN',
    ]);
    expect(currencyForCountry('fr')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('USD');
  });

  it('rounds a × b / c half away from zero, exactly', () => {
    expect(mulDivRound(5999, 20, 100)).toBe(1200); // 1199.8
    expect(mulDivRound(14999, 62_500, 1_000_000)).toBe(937); // 937.4375
    expect(mulDivRound(5, 1, 2)).toBe(3); // 2.5
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(1_000_000_000_000, 999_999, 1_000_000)).toBe(999_999_000_000);
    expect(() => mulDivRound(1, 1, 0)).toThrow(RangeError);
  });

  it('splits an amount into near-equal integer parts', () => {
    expect(splitEvenly(8999, 2)).toEqual([4500, 4499]);
    expect(splitEvenly(10, 3)).toEqual([4, 3, 3]);
    expect(splitEvenly(0, 2)).toEqual([0, 0]);
  });

  it('property: the formatted twin parses back to the amount, in every currency and locale', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...LOCALES),
        (minor, currency, locale) => {
          expect(parseMoney(formatMoney(minor, currency, locale), currency, locale)).toBe(minor);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: decimal strings round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }), (minor) => {
        expect(decimalStringToMinor(minorToDecimalString(minor, 'USD'), 'USD')).toBe(minor);
      }),
    );
  });
});
