import { describe, expect, it } from 'vitest';
import { couponSavingOn } from './coupon-saving.js';

const coupon = { couponCode: 'SPRING', description: 'Spring offer', currencyCode: 'USD' } as const;
const pkg = { totalPrice: 19999, currencyCode: 'USD' } as const;

describe('couponSavingOn', () => {
  it('says a percent in money, rounded half up like the pricing engine', () => {
    expect(couponSavingOn({ ...coupon, percent: 20, amount: null }, pkg)).toBe(4000);
    expect(couponSavingOn({ ...coupon, percent: 15, amount: null }, pkg)).toBe(3000);
  });

  it('caps an amount at the package price', () => {
    expect(couponSavingOn({ ...coupon, percent: null, amount: 2500 }, pkg)).toBe(2500);
    expect(couponSavingOn({ ...coupon, percent: null, amount: 50000 }, pkg)).toBe(19999);
  });

  it('cannot say an amount in another currency', () => {
    expect(
      couponSavingOn({ ...coupon, percent: null, amount: 2500, currencyCode: 'GBP' }, pkg),
    ).toBeNull();
  });
});
