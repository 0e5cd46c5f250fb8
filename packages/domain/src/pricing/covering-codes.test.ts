import { describe, expect, it } from 'vitest';
import { codesCoveringOrder } from './covering-codes.js';

const code = (value: string, amount: number) => ({ code: value, amount });

describe('codesCoveringOrder', () => {
  it('names the subscription codes that paid a $0 order', () => {
    expect(
      codesCoveringOrder({
        totals: { total: 0 },
        paymentCodeDetails: [code('PRO-USD50-DEMO1', 5_000), code('PRO-PREM1-DEMO1', 9_999)],
      }),
    ).toEqual(['PRO-USD50-DEMO1', 'PRO-PREM1-DEMO1']);
  });

  it('leaves out a code that took nothing off, and names a promo that took it all', () => {
    expect(
      codesCoveringOrder({
        totals: { total: 0 },
        paymentCodeDetails: [code('PRO-USD50-DEMO1', 0)],
        couponDetail: { couponCode: 'FREE100' },
      }),
    ).toEqual(['FREE100']);
  });

  it('is empty while something is left to pay', () => {
    expect(
      codesCoveringOrder({
        totals: { total: 1 },
        paymentCodeDetails: [code('PRO-USD50-DEMO1', 5_000)],
      }),
    ).toEqual([]);
  });
});
