import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculatePricing,
  type Discount,
  includedTaxOf,
  type PaymentCodeValue,
  type PricingInput,
} from './calculate.js';
import { isInvalidPromo } from './coupon.js';
import { CURRENCIES, type CurrencyCode, parseMoney } from './money.js';
import { PricingInfoSchema } from './schemas.js';
import { NO_TAX, type TaxQuote, type TaxRate } from './tax.js';

// Quotes as the server's table adapter answers them (apps/server/src/adapters/tax).
const rate = (kind: TaxRate['kind'], ratePpm: number, jurisdiction: string): TaxRate => ({
  kind,
  ratePpm,
  jurisdiction,
});
const exclusive = (taxId: string, ...rates: TaxRate[]): TaxQuote => ({
  taxId,
  pricesIncludeTax: false,
  calculated: true,
  rates,
});
const inclusive = (taxId: string, ...rates: TaxRate[]): TaxQuote => ({
  taxId,
  pricesIncludeTax: true,
  calculated: true,
  rates,
});
const US_TX = exclusive('US-TX', rate('SALES_TAX', 62_500, 'US-TX'));
const US_UNKNOWN: TaxQuote = { taxId: null, pricesIncludeTax: false, calculated: false, rates: [] };
const CA_ON = exclusive('CA-ON', rate('HST', 130_000, 'CA-ON'));
const CA_QC = exclusive('CA-QC', rate('GST', 50_000, 'CA'), rate('QST', 99_750, 'CA-QC'));
const CA_BC = exclusive('CA-BC', rate('GST', 50_000, 'CA'), rate('PST', 70_000, 'CA-BC'));
const GB = inclusive('GB', rate('VAT', 200_000, 'GB'));
const IE = inclusive('IE', rate('VAT', 230_000, 'IE'));
const AU = inclusive('AU', rate('GST', 100_000, 'AU'));
const NZ = inclusive('NZ', rate('GST', 150_000, 'NZ'));
const MX = exclusive('MX', rate('IVA', 160_000, 'MX'));

function price(input: Partial<PricingInput> & Pick<PricingInput, 'packageAmount'>) {
  return calculatePricing({
    currency: 'USD',
    locale: 'en-US',
    payForCoParent: false,
    tax: NO_TAX,
    ...input,
  });
}

describe('calculatePricing: every currency and tax rule (hand-computed)', () => {
  it('US, Texas: sales tax 6.25% is added (14999 × 0.0625 = 937.44 → 937)', () => {
    const p = price({ packageAmount: 14_999, tax: US_TX });
    expect(p.totals).toMatchObject({
      currencyCode: 'USD',
      selectedPackageTotal: 14_999,
      subTotal: 14_999,
      subTotalAfterDiscount: 14_999,
      paymentCodeTotal: 0,
      taxAmount: 937,
      total: 15_936,
      totalFormatted: '$159.36',
      taxAmountFormatted: '$9.37',
    });
    expect(p.taxes).toEqual([
      {
        kind: 'SALES_TAX',
        jurisdiction: 'US-TX',
        ratePercent: '6.25',
        amount: 937,
        amountFormatted: '$9.37',
        included: false,
      },
    ]);
    expect(p.taxId).toBe('US-TX');
    expect(p.taxesCalculated).toBe(true);
    expect(p.finalPrice).toBe(true);
    expect(p.pricesIncludeTax).toBe(false);
  });

  it('US without a state: no tax yet, not final', () => {
    const p = price({ packageAmount: 14_999, tax: US_UNKNOWN });
    expect(p.totals.taxAmount).toBe(0);
    expect(p.totals.total).toBe(14_999);
    expect(p.taxes).toEqual([]);
    expect(p.taxesCalculated).toBe(false);
    expect(p.finalPrice).toBe(false);
  });

  it('Canada, Ontario: HST 13% added (18999 × 0.13 = 2469.87 → 2470)', () => {
    const p = price({ packageAmount: 18_999, currency: 'CAD', locale: 'en-CA', tax: CA_ON });
    expect(p.totals).toMatchObject({ taxAmount: 2_470, total: 21_469, totalFormatted: '$214.69' });
  });

  it('Canada, Quebec: GST 5% (649.95 → 650) plus QST 9.975% (1296.65 → 1297)', () => {
    const p = price({ packageAmount: 12_999, currency: 'CAD', locale: 'en-CA', tax: CA_QC });
    expect(p.taxes.map((t) => [t.kind, t.ratePercent, t.amount])).toEqual([
      ['GST', '5', 650],
      ['QST', '9.975', 1_297],
    ]);
    expect(p.totals).toMatchObject({ taxAmount: 1_947, total: 14_946, totalFormatted: '$149.46' });
  });

  it('Canada, British Columbia: GST 5% (650) plus PST 7% (909.93 → 910)', () => {
    const p = price({ packageAmount: 12_999, currency: 'CAD', locale: 'en-CA', tax: CA_BC });
    expect(p.taxes.map((t) => t.amount)).toEqual([650, 910]);
    expect(p.totals.total).toBe(14_559);
  });

  it('United Kingdom: VAT 20% is included and shown (11999 / 6 = 1999.83 → 2000)', () => {
    const p = price({ packageAmount: 11_999, currency: 'GBP', locale: 'en-GB', tax: GB });
    expect(p.totals).toMatchObject({
      currencyCode: 'GBP',
      taxAmount: 2_000,
      taxAmountFormatted: '£20.00',
      total: 11_999,
      totalFormatted: '£119.99',
    });
    expect(p.taxes[0]).toMatchObject({ kind: 'VAT', ratePercent: '20', included: true });
    expect(p.pricesIncludeTax).toBe(true);
  });

  it('Ireland: VAT 23% included (8999 × 23 / 123 = 1682.74 → 1683)', () => {
    const p = price({ packageAmount: 8_999, currency: 'EUR', locale: 'en-IE', tax: IE });
    expect(p.totals).toMatchObject({ taxAmount: 1_683, total: 8_999, totalFormatted: '€89.99' });
  });

  it('Australia: GST 10% included (14999 / 11 = 1363.55 → 1364)', () => {
    const p = price({ packageAmount: 14_999, currency: 'AUD', locale: 'en-AU', tax: AU });
    expect(p.totals).toMatchObject({ taxAmount: 1_364, total: 14_999, totalFormatted: '$149.99' });
  });

  it('New Zealand: GST 15% included (15999 × 15 / 115 = 2086.83 → 2087)', () => {
    const p = price({ packageAmount: 15_999, currency: 'NZD', locale: 'en-NZ', tax: NZ });
    expect(p.totals).toMatchObject({ taxAmount: 2_087, total: 15_999, totalFormatted: '$159.99' });
  });

  it('Mexico, in pesos: IVA 16% added (179900 × 0.16 = 28784)', () => {
    const p = price({ packageAmount: 179_900, currency: 'MXN', locale: 'es-MX', tax: MX });
    expect(p.totals).toMatchObject({
      currencyCode: 'MXN',
      taxAmount: 28_784,
      total: 208_684,
      totalFormatted: '$2,086.84\u00a0MXN',
    });
  });

  it('no tax where none is collected', () => {
    const p = price({ packageAmount: 9_999 });
    expect(p.totals).toMatchObject({ taxAmount: 0, total: 9_999, totalFormatted: '$99.99' });
    expect(p.taxId).toBeNull();
    expect(p.taxesCalculated).toBe(true);
  });
});

describe('calculatePricing: pay for the co-parent', () => {
  it('doubles the package amount and its VAT (GB 2061: 2 × 11999, VAT 2 × 2000)', () => {
    const one = price({ packageAmount: 11_999, currency: 'GBP', locale: 'en-GB', tax: GB });
    const two = price({
      packageAmount: 11_999,
      currency: 'GBP',
      locale: 'en-GB',
      tax: GB,
      payForCoParent: true,
    });
    expect(two.payForCoParent).toBe(true);
    expect(two.totals).toMatchObject({
      selectedPackageTotal: 23_998,
      subTotal: 23_998,
      taxAmount: 4_000,
      total: 23_998,
      totalFormatted: '£239.98',
    });
    expect(two.totals.taxAmount).toBe(2 * one.totals.taxAmount);
  });

  it('doubles VAT exactly even where rounding the doubled amount once would not', () => {
    // Ireland 8999: VAT of one is 1683; 17998 × 23 / 123 = 3365.48 would round to 3365.
    const two = price({
      packageAmount: 8_999,
      currency: 'EUR',
      locale: 'en-IE',
      tax: IE,
      payForCoParent: true,
    });
    expect(two.totals.taxAmount).toBe(3_366);
  });

  it('adds tax on both subscriptions where tax is added (Texas: 2 × 937)', () => {
    const p = price({ packageAmount: 14_999, tax: US_TX, payForCoParent: true });
    expect(p.totals).toMatchObject({
      selectedPackageTotal: 29_998,
      taxAmount: 1_874,
      total: 31_872,
    });
  });
});

describe('calculatePricing: coupons and payment codes', () => {
  const spring20: Discount = {
    code: 'SPRING20',
    description: '20% off',
    kind: 'PERCENT',
    percent: 20,
  };
  const save15: Discount = {
    code: 'SAVE15',
    description: '$15 off',
    kind: 'AMOUNT',
    amount: 1_500,
  };
  const prem1Code: PaymentCodeValue = { code: 'PRO-PREM1-0001', kind: 'PACKAGE' };

  it('applies a percent promo (rounded half up) and reports its percent', () => {
    const p = price({ packageAmount: 5_999, discount: spring20 });
    // 5999 × 20% = 1199.8 → 1200; floor(1200 / 5999 × 100) = 20.
    expect(p.couponDetail).toEqual({
      couponCode: 'SPRING20',
      description: '20% off',
      discount: 1_200,
      discountFormatted: '$12.00',
      percent: 20,
    });
    expect(p.totals).toMatchObject({ subTotal: 5_999, subTotalAfterDiscount: 4_799, total: 4_799 });
  });

  it('applies a promo and a subscription code together (Texas, paying for the co-parent)', () => {
    const p = price({
      packageAmount: 14_999,
      tax: US_TX,
      payForCoParent: true,
      discount: spring20,
      paymentCodes: [prem1Code],
    });
    // 29998 − 20% (5999.6 → 6000) = 23998; the code covers one package (14999) → 8999 to pay;
    // tax per subscription on [4500, 4499]: 281.25 → 281 and 281.19 → 281 = 562.
    expect(p.couponDetail?.discount).toBe(6_000);
    expect(p.couponDetail?.percent).toBe(20);
    expect(p.paymentCodeDetails).toEqual([
      { code: 'PRO-PREM1-0001', amount: 14_999, amountFormatted: '$149.99' },
    ]);
    expect(p.totals).toMatchObject({
      selectedPackageTotal: 29_998,
      subTotal: 29_998,
      subTotalAfterDiscount: 23_998,
      paymentCodeTotal: 14_999,
      taxAmount: 562,
      total: 9_561,
      totalFormatted: '$95.61',
    });
  });

  it('applies an amount promo and an amount code, capping the code at what is left', () => {
    const p = price({
      packageAmount: 9_999,
      discount: save15,
      paymentCodes: [
        { code: 'PRO-USD50-0001', kind: 'AMOUNT', amount: 5_000 },
        { code: 'PRO-USD50-0002', kind: 'AMOUNT', amount: 5_000 },
      ],
    });
    // 9999 − 1500 = 8499; the first code pays 5000, the second only the 3499 left.
    expect(p.couponDetail).toMatchObject({ discount: 1_500, percent: 15 });
    expect(p.paymentCodeDetails.map((d) => d.amount)).toEqual([5_000, 3_499]);
    expect(p.totals).toMatchObject({ paymentCodeTotal: 8_499, total: 0, totalFormatted: '$0.00' });
  });

  it('caps an amount promo at the subtotal', () => {
    const p = price({ packageAmount: 1_000, discount: save15 });
    expect(p.couponDetail?.discount).toBe(1_000);
    expect(p.totals.total).toBe(0);
  });

  it('a package code on a VAT-inclusive order leaves the VAT of what is left', () => {
    const p = price({
      packageAmount: 11_999,
      currency: 'GBP',
      locale: 'en-GB',
      tax: GB,
      payForCoParent: true,
      paymentCodes: [{ code: 'PRO-PREM1-GB', kind: 'PACKAGE' }],
    });
    expect(p.totals).toMatchObject({ paymentCodeTotal: 11_999, total: 11_999, taxAmount: 2_000 });
  });

  it('shows no coupon without a discount, which the invalid-promo check then flags', () => {
    const p = price({ packageAmount: 5_999 });
    expect(p.couponDetail).toBeNull();
    expect(isInvalidPromo(['NOPE'], p)).toBe(true);
    expect(isInvalidPromo(['spring20 '], price({ packageAmount: 5_999, discount: spring20 }))).toBe(
      false,
    );
  });
});

describe('includedTaxOf (a package card’s vatAmount)', () => {
  it('is the VAT part of an inclusive price and 0 where tax is added', () => {
    expect(includedTaxOf(11_999, GB)).toBe(2_000);
    expect(includedTaxOf(19_999, GB)).toBe(3_333);
    expect(includedTaxOf(14_999, AU)).toBe(1_364);
    expect(includedTaxOf(14_999, US_TX)).toBe(0);
  });
});

describe('calculatePricing: properties', () => {
  const taxQuote = fc.record({
    taxId: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
    pricesIncludeTax: fc.boolean(),
    calculated: fc.boolean(),
    rates: fc.array(
      fc.record({
        kind: fc.constantFrom('VAT', 'GST', 'HST', 'PST', 'QST', 'IVA', 'SALES_TAX' as const),
        ratePpm: fc.integer({ min: 0, max: 300_000 }),
        jurisdiction: fc.constantFrom('GB', 'CA-QC', 'US-TX'),
      }),
      { maxLength: 2 },
    ),
  });
  const discount: fc.Arbitrary<Discount | null> = fc.option(
    fc.oneof(
      fc.record({
        code: fc.constant('P'),
        description: fc.constant('p'),
        kind: fc.constant('PERCENT' as const),
        percent: fc.integer({ min: 0, max: 100 }),
      }),
      fc.record({
        code: fc.constant('A'),
        description: fc.constant('a'),
        kind: fc.constant('AMOUNT' as const),
        amount: fc.integer({ min: 0, max: 10_000_000 }),
      }),
    ),
    { nil: null },
  );
  const paymentCode: fc.Arbitrary<PaymentCodeValue> = fc.oneof(
    fc.constant({ code: 'PKG', kind: 'PACKAGE' as const }),
    fc.record({
      code: fc.constant('AMT'),
      kind: fc.constant('AMOUNT' as const),
      amount: fc.integer({ min: 0, max: 10_000_000 }),
    }),
  );
  const input = fc.record({
    currency: fc.constantFrom<CurrencyCode>(...CURRENCIES),
    locale: fc.constantFrom('en-US', 'en-GB', 'en-CA', 'es-MX'),
    packageAmount: fc.integer({ min: 0, max: 10_000_000 }),
    payForCoParent: fc.boolean(),
    discount,
    paymentCodes: fc.array(paymentCode, { maxLength: 3 }),
    tax: taxQuote,
  });

  it('the total is never negative, every amount is an exact integer, and the sums hold', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = calculatePricing(i);
        const t = p.totals;
        const amounts = [
          t.selectedPackageTotal,
          t.subTotal,
          t.subTotalAfterDiscount,
          t.paymentCodeTotal,
          t.taxAmount,
          t.total,
          ...p.paymentCodeDetails.map((d) => d.amount),
          ...p.taxes.map((x) => x.amount),
          p.couponDetail?.discount ?? 0,
        ];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(t.total).toBeGreaterThanOrEqual(0);
        expect(t.subTotalAfterDiscount).toBe(t.subTotal - (p.couponDetail?.discount ?? 0));
        expect(t.paymentCodeTotal).toBeLessThanOrEqual(t.subTotalAfterDiscount);
        const left = t.subTotalAfterDiscount - t.paymentCodeTotal;
        expect(t.total).toBe(i.tax.pricesIncludeTax ? left : left + t.taxAmount);
        if (i.tax.pricesIncludeTax) expect(t.taxAmount).toBeLessThanOrEqual(left);
        expect(PricingInfoSchema.safeParse(p).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('every formatted twin parses back to its amount', () => {
    fc.assert(
      fc.property(input, (i) => {
        const p = calculatePricing(i);
        const back = (text: string) => parseMoney(text, i.currency, i.locale);
        const t = p.totals;
        expect(back(t.selectedPackageTotalFormatted)).toBe(t.selectedPackageTotal);
        expect(back(t.subTotalFormatted)).toBe(t.subTotal);
        expect(back(t.subTotalAfterDiscountFormatted)).toBe(t.subTotalAfterDiscount);
        expect(back(t.paymentCodeTotalFormatted)).toBe(t.paymentCodeTotal);
        expect(back(t.taxAmountFormatted)).toBe(t.taxAmount);
        expect(back(t.totalFormatted)).toBe(t.total);
        for (const d of p.paymentCodeDetails) expect(back(d.amountFormatted)).toBe(d.amount);
        for (const x of p.taxes) expect(back(x.amountFormatted)).toBe(x.amount);
        if (p.couponDetail)
          expect(back(p.couponDetail.discountFormatted)).toBe(p.couponDetail.discount);
      }),
      { numRuns: 300 },
    );
  });

  it('paying for the co-parent exactly doubles the VAT of a VAT-inclusive price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(GB, IE, AU, NZ),
        (amount, tax) => {
          const one = price({ packageAmount: amount, tax });
          const two = price({ packageAmount: amount, tax, payForCoParent: true });
          expect(two.totals.taxAmount).toBe(2 * one.totals.taxAmount);
        },
      ),
    );
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => price({ packageAmount: 99.99 })).toThrow(RangeError);
    expect(() => price({ packageAmount: -1 })).toThrow(RangeError);
  });
});
