import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardFieldProblems,
  cardFieldsSchema,
  cardNumberMaxDigits,
  cardTypeOf,
  compactExpirationDate,
  formatCardNumber,
  formatExpirationDate,
  isValidCardNumber,
  isValidCvv,
  isValidExpirationDate,
  luhnValid,
  parseExpirationDate,
} from './card.js';

const NOW = new Date('2025-05-15T12:00:00Z');

describe('card numbers', () => {
  it("accepts Braintree's test cards and names their brands as hosted fields do", () => {
    expect(cardTypeOf('4111111111111111')).toBe('Visa');
    expect(cardTypeOf('5555555555554444')).toBe('MasterCard');
    expect(cardTypeOf('378282246310005')).toBe('American Express');
    expect(cardTypeOf('6011111111111117')).toBe('Discover');
    for (const n of [
      '4111111111111111',
      '5555 5555 5555 4444',
      '3782-822463-10005',
      '6011111111111117',
      '4000111111111115',
    ]) {
      expect(isValidCardNumber(n), n).toBe(true);
    }
  });

  it('refuses a failed Luhn check, an unknown brand or a wrong length', () => {
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('9111111111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
    expect(isValidCardNumber('4111x11111111111')).toBe(false);
  });

  it('Luhn: changing one digit of a valid number always breaks it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 9 }),
        (index, delta) => {
          const digits = '4111111111111111'.split('').map(Number);
          digits[index] = ((digits[index] ?? 0) + delta) % 10;
          return !luhnValid(digits.join(''));
        },
      ),
    );
  });
});

describe('expiration dates', () => {
  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpirationDate('07/27')).toEqual({ month: 7, year: 2027 });
    expect(parseExpirationDate(' 7 / 2027 ')).toEqual({ month: 7, year: 2027 });
    expect(parseExpirationDate('13/27')).toBeNull();
    expect(parseExpirationDate('00/27')).toBeNull();
    expect(parseExpirationDate('0727')).toBeNull();
  });

  it('is valid through the end of its month, and refuses the past and the far future', () => {
    expect(isValidExpirationDate('05/25', NOW)).toBe(true);
    expect(isValidExpirationDate('04/25', NOW)).toBe(false);
    expect(isValidExpirationDate('05/45', NOW)).toBe(true);
    expect(isValidExpirationDate('06/45', NOW)).toBe(false);
    expect(isValidExpirationDate('ab/cd', NOW)).toBe(false);
  });
});

describe('security codes', () => {
  it('are 3 digits, 4 for American Express', () => {
    expect(isValidCvv('123', 'Visa')).toBe(true);
    expect(isValidCvv('1234', 'Visa')).toBe(false);
    expect(isValidCvv('1234', 'American Express')).toBe(true);
    expect(isValidCvv('123', 'American Express')).toBe(false);
    expect(isValidCvv('12a', null)).toBe(false);
  });
});

describe('cardFieldsSchema', () => {
  it("reports each field with the spec's message key", () => {
    const schema = cardFieldsSchema(() => NOW);
    const bad = schema.safeParse({ number: '4111111111111112', expirationDate: '01/20', cvv: '1' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['number', 'payment_cardNumber_error'],
      ['expirationDate', 'payment_expirationDate_error'],
      ['cvv', 'payment_securityCode_error'],
    ]);
    expect(
      schema.safeParse({ number: '4111111111111111', expirationDate: '12/30', cvv: '123' }).success,
    ).toBe(true);
    expect(
      cardFieldProblems({ number: '378282246310005', expirationDate: '12/30', cvv: '123' }, NOW),
    ).toEqual([{ field: 'cvv', key: 'payment_securityCode_error' }]);
  });
});

describe('card fields as typed', () => {
  it('groups a number for its brand, digits only, no longer than the brand allows', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 1111-1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100051234')).toBe('3782 822463 10005');
    expect(formatCardNumber('4111a')).toBe('4111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('')).toBe('');
  });

  it('adds the slash of an expiry date: 1230 reads 12 / 30', () => {
    expect(formatExpirationDate('1230')).toBe('12 / 30');
    expect(formatExpirationDate('12/34')).toBe('12 / 34');
    expect(formatExpirationDate('12 / 3')).toBe('12 / 3');
    expect(formatExpirationDate('1')).toBe('1');
    expect(formatExpirationDate('4')).toBe('04');
    expect(formatExpirationDate('430')).toBe('04 / 30');
    expect(formatExpirationDate('12/2030')).toBe('12 / 2030');
    expect(compactExpirationDate('12 / 30')).toBe('12/30');
    expect(parseExpirationDate(formatExpirationDate('1230'))).toEqual({ month: 12, year: 2030 });
  });

  it('knows the longest number of each brand', () => {
    expect(cardNumberMaxDigits('American Express')).toBe(15);
    expect(cardNumberMaxDigits('Visa')).toBe(19);
    expect(cardNumberMaxDigits(null)).toBe(19);
  });
});
