import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';
import { describe, expect, it } from 'vitest';
import { COUNTRY_IDS } from '../lookups/countries.js';
import {
  hasPostalFormat,
  isPostalCodeRequired,
  isValidPostalCode,
  normalisePostalCode,
} from './postal.js';

describe('isValidPostalCode', () => {
  it('checks the country format', () => {
    expect(isValidPostalCode('94103', 'US')).toBe(true);
    expect(isValidPostalCode('94103-1234', 'US')).toBe(true);
    expect(isValidPostalCode('9410', 'US')).toBe(false);
    expect(isValidPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isValidPostalCode('sw1a 1aa', 'gb')).toBe(true);
    expect(isValidPostalCode('K1A 0B1', 'CA')).toBe(true);
    expect(isValidPostalCode('06700', 'MX')).toBe(true);
    expect(isValidPostalCode('2000', 'AU')).toBe(true);
    expect(isValidPostalCode('ABCDE', 'US')).toBe(false);
  });

  it('keeps 2–30 characters where no format is known', () => {
    expect(hasPostalFormat('AE')).toBe(false);
    expect(isPostalCodeRequired('AE')).toBe(false);
    expect(isValidPostalCode('12', 'AE')).toBe(true);
    expect(isValidPostalCode('1', 'AE')).toBe(false);
    expect(isValidPostalCode('1'.repeat(31), 'AE')).toBe(false);
  });

  it('has no catastrophic backtracking: every library pattern on long adversarial input', () => {
    const inputs = ['1', 'A', 'A1', '1 ', 'A-', 'A1 ', '-', 'AB12 ', '12-'].map(
      (unit) => `${unit.repeat(Math.ceil(20_000 / unit.length))}!`,
    );
    const start = performance.now();
    for (const [country, pattern] of POSTCODE_REGEXES) {
      for (const input of inputs) {
        expect(pattern.test(input), country).toBe(false);
      }
    }
    for (const country of COUNTRY_IDS) {
      expect(isValidPostalCode(inputs[0] ?? '', country)).toBe(false);
    }
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('normalisePostalCode', () => {
  it('writes a UK postcode with one space before the inward code, however it was typed', () => {
    for (const typed of ['sw1a2aa', ' SW1A  2AA ', 'Sw1A 2aA', 'SW 1A2AA']) {
      expect(normalisePostalCode(typed, 'GB')).toBe('SW1A 2AA');
      expect(isValidPostalCode(normalisePostalCode(typed, 'GB'), 'GB')).toBe(true);
    }
    expect(normalisePostalCode('m11ae', 'gb')).toBe('M1 1AE');
    expect(normalisePostalCode('k1a0b1', 'CA')).toBe('K1A 0B1');
  });

  it('upper-cases and tidies the spaces of other countries without moving them', () => {
    expect(normalisePostalCode(' 06600 ', 'MX')).toBe('06600');
    expect(normalisePostalCode('d02  x285', 'IE')).toBe('D02 X285');
    expect(normalisePostalCode('94103', 'US')).toBe('94103');
  });
});
