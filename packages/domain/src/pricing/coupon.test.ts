import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appliedCodes,
  couponPercentFromDiscount,
  couponPercentFromPaid,
  isInvalidPromo,
  normalizeCode,
} from './coupon.js';

describe('coupon percent (spec 000 §9, 001 §9)', () => {
  it('floor(discount / total × 100)', () => {
    expect(couponPercentFromDiscount(1_200, 5_999)).toBe(20); // 20.003
    expect(couponPercentFromDiscount(1_199, 5_999)).toBe(19); // 19.987
    expect(couponPercentFromDiscount(1_500, 9_999)).toBe(15); // 15.0015
    expect(couponPercentFromDiscount(5_999, 5_999)).toBe(100);
    expect(couponPercentFromDiscount(0, 5_999)).toBe(0);
    expect(couponPercentFromDiscount(100, 0)).toBe(0);
  });

  it('100 − ceil(paid / regular × 100)', () => {
    expect(couponPercentFromPaid(4_799, 5_999)).toBe(20); // ceil(79.997) = 80
    expect(couponPercentFromPaid(4_800, 5_999)).toBe(19); // ceil(80.013) = 81
    expect(couponPercentFromPaid(5_999, 5_999)).toBe(0);
    expect(couponPercentFromPaid(0, 5_999)).toBe(100);
    expect(couponPercentFromPaid(7_000, 5_999)).toBe(0);
    expect(couponPercentFromPaid(10, 0)).toBe(0);
  });

  it('property: both formulas stay within 0–100, and never claim more than was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(), (regular, raw) => {
        const discount = raw % (regular + 1);
        const byDiscount = couponPercentFromDiscount(discount, regular);
        const byPaid = couponPercentFromPaid(regular - discount, regular);
        for (const percent of [byDiscount, byPaid]) {
          expect(Number.isInteger(percent)).toBe(true);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
          expect(percent * regular).toBeLessThanOrEqual(discount * 100);
        }
        expect(byPaid).toBe(byDiscount);
      }),
    );
  });
});

describe('invalid-promo detection (spec 001 §4)', () => {
  const pricing = {
    couponDetail: { couponCode: 'SPRING20' },
    paymentCodeDetails: [{ code: 'PRO-PREM1-0001' }],
  };

  it('is not flagged when no promo was entered', () => {
    expect(isInvalidPromo([], pricing)).toBe(false);
    expect(isInvalidPromo(undefined, pricing)).toBe(false);
    expect(isInvalidPromo(['  '], pricing)).toBe(false);
  });

  it('is flagged when the first entered code is not in the returned code details', () => {
    expect(isInvalidPromo(['WRONG'], pricing)).toBe(true);
    expect(isInvalidPromo(['WRONG', 'SPRING20'], pricing)).toBe(true);
    expect(isInvalidPromo(['SPRING20'], { couponDetail: null, paymentCodeDetails: [] })).toBe(true);
    expect(isInvalidPromo(['SPRING20'], null)).toBe(true);
  });

  it('is not flagged when the first entered code was applied (trimmed, any case)', () => {
    expect(isInvalidPromo([' spring20 '], pricing)).toBe(false);
    expect(isInvalidPromo(['pro-prem1-0001'], pricing)).toBe(false);
  });

  it('lists applied codes normalised', () => {
    expect(appliedCodes(pricing)).toEqual(['SPRING20', 'PRO-PREM1-0001']);
    expect(normalizeCode('  ab-c ')).toBe('AB-C');
  });
});
