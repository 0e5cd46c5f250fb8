import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeDiscountPercent,
  encodeDiscountPercent,
  isReferrerKey,
  parseDiscountLink,
} from './discount-link.js';

describe('discount link (spec 000 §9)', () => {
  it('reads the flag, the referrer key and the base64 percentage', () => {
    expect(parseDiscountLink('?discount=1&referrerKey=demo-coach&percentage=MTU=')).toEqual({
      referrerKey: 'demo-coach',
      percent: 15,
    });
    expect(parseDiscountLink('discount=true&referrerKey=demo_coach&percentage=MjA')).toEqual({
      referrerKey: 'demo_coach',
      percent: 20,
    });
  });

  it('is nothing without the flag or with a malformed key', () => {
    expect(parseDiscountLink('?referrerKey=demo-coach&percentage=MTU=')).toBeNull();
    expect(parseDiscountLink('?discount=0&referrerKey=demo-coach')).toBeNull();
    expect(parseDiscountLink('?discount=1')).toBeNull();
    expect(parseDiscountLink('?discount=1&referrerKey=a')).toBeNull();
    expect(parseDiscountLink('?discount=1&referrerKey=<script>')).toBeNull();
    expect(isReferrerKey('x'.repeat(65))).toBe(false);
  });

  it('keeps the key but drops a tampered or malformed percentage', () => {
    for (const bad of [
      '',
      'NaN',
      '%%%',
      'MTU',
      'MTAx' /* 101 */,
      'MA==' /* 0 */,
      'LTU=' /* -5 */,
    ]) {
      const link = parseDiscountLink(`?discount=1&referrerKey=demo-coach&percentage=${bad}`);
      expect(link?.referrerKey, bad).toBe('demo-coach');
      if (bad === 'MTU')
        expect(link?.percent).toBe(15); // unpadded base64 is fine
      else expect(link?.percent, bad).toBeNull();
    }
    expect(decodeDiscountPercent(btoa('abc'))).toBeNull();
    expect(decodeDiscountPercent(btoa('15.5'))).toBeNull();
    expect(decodeDiscountPercent('A')).toBeNull();
    expect(decodeDiscountPercent(undefined)).toBeNull();
  });

  it('decodes every whole percent it encodes, and never answers NaN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (percent) => {
        expect(decodeDiscountPercent(encodeDiscountPercent(percent))).toBe(percent);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const percent = decodeDiscountPercent(value);
        expect(
          percent === null || (Number.isInteger(percent) && percent >= 1 && percent <= 100),
        ).toBe(true);
      }),
    );
  });
});
