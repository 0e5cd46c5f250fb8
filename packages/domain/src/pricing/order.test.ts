import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../messages/translate.js';
import {
  buildYourOwnAmount,
  buildYourOwnServices,
  buildYourOwnValuesFrom,
  type PricedOption,
  termForYears,
} from './build-your-own.js';
import { BuildYourOwnValuesSchema } from './build-your-own-schemas.js';
import {
  paymentCodeValue,
  promoDiscount,
  promoRejection,
  subscriptionCodeRejection,
} from './codes.js';
import {
  CountryCheckRequestSchema,
  OrderSchema,
  PricingRequestSchema,
  parsePackageCode,
  UpdatePackageSectionRequestSchema,
} from './schemas.js';

describe('package codes', () => {
  it('are letters and a number, where 2 means two years', () => {
    expect(parsePackageCode('ESS1')).toEqual({ letters: 'ESS', number: 1, years: 1 });
    expect(parsePackageCode('PREM2')).toEqual({ letters: 'PREM', number: 2, years: 2 });
    expect(parsePackageCode(' byo2 ')).toEqual({ letters: 'BYO', number: 2, years: 2 });
    expect(parsePackageCode('STD3')).toEqual({ letters: 'STD', number: 3, years: 1 });
    expect(parsePackageCode('2PREM')).toBeNull();
    expect(parsePackageCode('PREM')).toBeNull();
    expect(parsePackageCode('')).toBeNull();
  });
});

describe('OrderSchema', () => {
  it('accepts a package alone, or with a term and unique option codes', () => {
    expect(OrderSchema.parse({ packageId: 3003 })).toEqual({ packageId: 3003 });
    expect(
      OrderSchema.parse({
        packageId: 3005,
        productId: 'SUB1YEAR',
        services: ['MYFILES', 'CALLSBASIC'],
      }),
    ).toEqual({ packageId: 3005, productId: 'SUB1YEAR', services: ['MYFILES', 'CALLSBASIC'] });
    expect(OrderSchema.parse({ packageId: 3003, productId: '', services: null })).toEqual({
      packageId: 3003,
    });
  });

  it('refuses a bad package id, term or option with message keys', () => {
    const cases = [
      { packageId: 0 },
      { packageId: 1.5 },
      { packageId: '3003' },
      { packageId: 3005, productId: 'SUB3YEAR' },
      { packageId: 3005, services: ['MYFILES', 'MYFILES'] },
      { packageId: 3005, services: ['GOLD'] },
    ];
    for (const value of cases) {
      const result = OrderSchema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      for (const issue of result.error?.issues ?? [])
        expect(isMessageKey(issue.message)).toBe(true);
    }
  });
});

describe('build-your-own values', () => {
  it('default the options to off and need a term', () => {
    expect(BuildYourOwnValuesSchema.parse({ subscription: 'SUB2YEAR' })).toEqual({
      subscription: 'SUB2YEAR',
      myfiles: false,
      tonemeter: false,
      unlimitedPayments: false,
      calls: false,
    });
    const missing = BuildYourOwnValuesSchema.safeParse({ myfiles: true });
    expect(missing.error?.issues[0]?.message).toBe('pricing_subscription_error');
  });

  it('convert to service codes and back', () => {
    const values = {
      subscription: 'SUB1YEAR' as const,
      myfiles: true,
      tonemeter: false,
      unlimitedPayments: true,
      calls: true,
    };
    expect(buildYourOwnServices(values)).toEqual(['MYFILES', 'UNLIMITEDPAYMENTS', 'CALLSBASIC']);
    expect(buildYourOwnValuesFrom('SUB1YEAR', buildYourOwnServices(values))).toEqual(values);
    expect(termForYears(1)).toBe('SUB1YEAR');
    expect(termForYears(2)).toBe('SUB2YEAR');
  });

  it('price the base plus options; MYFILES and CALLSBASIC are free in the treatment', () => {
    const options: PricedOption[] = [
      { code: 'MYFILES', amount: 1_000, freeInTreatment: true },
      { code: 'TONEMETER', amount: 1_500, freeInTreatment: false },
      { code: 'UNLIMITEDPAYMENTS', amount: 2_000, freeInTreatment: false },
      { code: 'CALLSBASIC', amount: 1_000, freeInTreatment: true },
    ];
    const all = ['MYFILES', 'TONEMETER', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'];
    expect(buildYourOwnAmount(7_999, options, all, { treatment: false })).toBe(13_499);
    expect(buildYourOwnAmount(7_999, options, all, { treatment: true })).toBe(11_499);
    expect(buildYourOwnAmount(7_999, options, [], { treatment: false })).toBe(7_999);
    expect(() => buildYourOwnAmount(7_999, options, ['GOLD'], { treatment: false })).toThrow();
  });
});

describe('promo and subscription code rules', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const order = {
    now,
    packageCode: 'PREM1',
    pricingGroup: 'P3' as const,
    currency: 'USD' as const,
  };
  const spring = {
    code: 'SPRING20',
    kind: 'PERCENT' as const,
    percent: 20,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2026-06-01T00:00:00Z'),
    packageCodes: ['PREM1', 'PREM2'],
    active: true,
  };

  it('a promo applies inside its window, to its packages and groups', () => {
    expect(promoRejection(spring, order)).toBeNull();
    expect(promoRejection(spring, { ...order, packageCode: 'ESS1' })).toBe('PACKAGE');
    expect(promoRejection(spring, { ...order, now: new Date('2025-12-31T23:59:59Z') })).toBe(
      'NOT_STARTED',
    );
    expect(promoRejection(spring, { ...order, now: new Date('2026-06-01T00:00:00Z') })).toBe(
      'EXPIRED',
    );
    expect(promoRejection({ ...spring, active: false }, order)).toBe('INACTIVE');
    expect(promoRejection({ ...spring, pricingGroups: ['P2'] }, order)).toBe('PACKAGE');
    expect(promoDiscount(spring, 'USD', '20% off')).toEqual({
      code: 'SPRING20',
      description: '20% off',
      kind: 'PERCENT',
      percent: 20,
    });
  });

  it('an amount promo needs an amount in the order currency', () => {
    const save = { code: 'save15', kind: 'AMOUNT' as const, amounts: { USD: 1_500 }, active: true };
    expect(promoRejection(save, order)).toBeNull();
    expect(promoRejection(save, { ...order, currency: 'GBP' })).toBe('CURRENCY');
    expect(promoDiscount(save, 'USD', '$15 off')).toMatchObject({ code: 'SAVE15', amount: 1_500 });
  });

  it('a subscription code is single use, may expire, and fits its package or currency', () => {
    const pkg = { code: 'pro-prem1-0001', kind: 'PACKAGE' as const, packageCode: 'PREM1' };
    expect(subscriptionCodeRejection(pkg, order)).toBeNull();
    expect(subscriptionCodeRejection(pkg, { ...order, packageCode: 'ESS1' })).toBe('PACKAGE');
    expect(subscriptionCodeRejection({ ...pkg, redeemedAt: now }, order)).toBe('REDEEMED');
    expect(subscriptionCodeRejection({ ...pkg, validUntil: now }, order)).toBe('EXPIRED');
    const amount = {
      code: 'PRO-USD50',
      kind: 'AMOUNT' as const,
      amount: 5_000,
      currency: 'USD' as const,
    };
    expect(subscriptionCodeRejection(amount, order)).toBeNull();
    expect(subscriptionCodeRejection(amount, { ...order, currency: 'CAD' })).toBe('CURRENCY');
    expect(paymentCodeValue(pkg)).toEqual({ code: 'PRO-PREM1-0001', kind: 'PACKAGE' });
    expect(paymentCodeValue(amount)).toEqual({ code: 'PRO-USD50', kind: 'AMOUNT', amount: 5_000 });
  });
});

describe('request schemas', () => {
  it('the pricing request drops amounts it never reads and normalises empty lists', () => {
    const parsed = PricingRequestSchema.parse({
      orderDetail: { packageId: 3003, totalPrice: 1 },
      payForCoparent: null,
      paymentCodes: null,
      totals: { total: 1 },
      address: { country: 'US', region: 'TX', line2: '' },
    });
    expect(parsed).toEqual({
      orderDetail: { packageId: 3003 },
      payForCoparent: false,
      paymentCodes: [],
      promoCodes: [],
      address: { country: 'US', region: 'TX' },
    });
  });

  it('the PACKAGE section and the country check parse', () => {
    expect(
      UpdatePackageSectionRequestSchema.parse({
        sections: ['PACKAGE'],
        order: { packageId: 3005 },
        buildYourOwn: { subscription: 'SUB1YEAR', calls: true },
      }).buildYourOwn,
    ).toMatchObject({ subscription: 'SUB1YEAR', calls: true, myfiles: false });
    expect(
      CountryCheckRequestSchema.parse({
        packageId: 2061,
        countryCriteria: { countryCode: '44', phoneNumber: '7700900123', country: 'GB' },
      }),
    ).toMatchObject({ packageId: 2061 });
  });

  it('property: every issue of the pricing schemas is a message key', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (orderDetail, address) => {
        for (const result of [
          PricingRequestSchema.safeParse({ orderDetail, address }),
          UpdatePackageSectionRequestSchema.safeParse({
            sections: ['PACKAGE'],
            order: orderDetail,
          }),
          CountryCheckRequestSchema.safeParse({ packageId: orderDetail, countryCriteria: address }),
        ]) {
          for (const issue of result.error?.issues ?? []) {
            expect(isMessageKey(issue.message), issue.message).toBe(true);
          }
        }
      }),
    );
  });
});
