import { describe, expect, it } from 'vitest';
import { coupon, GB_PACKAGES, US_PACKAGES } from '@/test/packages-fixtures';
import {
  buildYourOwnPackageFor,
  buildYourOwnTotal,
  couponsForPackage,
  isPremiumPackage,
  sortPackages,
  taxWordingKey,
} from './package-order';

const byCode = (code: string) => US_PACKAGES.find((pkg) => pkg.code === code);

describe('package order and wording', () => {
  it('sorts by the catalog order (tier, then term), then id', () => {
    const shuffled = [...US_PACKAGES].reverse();
    expect(sortPackages(shuffled).map((pkg) => pkg.code)).toEqual([
      'ESS1',
      'ESS2',
      'PREM1',
      'PREM2',
      'BYO1',
      'BYO2',
    ]);
  });

  it('marks Premium packages', () => {
    expect(US_PACKAGES.filter(isPremiumPackage).map((pkg) => pkg.id)).toEqual([3003, 3004]);
  });

  it('uses VAT wording for 2061 and 2063, included tax or plus tax elsewhere', () => {
    expect(GB_PACKAGES.map(taxWordingKey)).toEqual(['pricing_vatIncluded', 'pricing_vatIncluded']);
    expect(taxWordingKey({ taxWording: 'TAX', pricesIncludeTax: true })).toBe(
      'pricing_taxIncluded',
    );
    expect(taxWordingKey({ taxWording: 'TAX', pricesIncludeTax: false })).toBe('pricing_plusTax');
  });

  it('puts a coupon on every card, or only on the packages it names', () => {
    const all = coupon({ couponCode: 'ALL', bannerText: 'all' });
    const premium = coupon({ couponCode: 'P', bannerText: 'p', packageCodes: ['PREM1'] });
    expect(couponsForPackage([all, premium], { code: 'PREM1' })).toEqual([all, premium]);
    expect(couponsForPackage([all, premium], { code: 'ESS1' })).toEqual([all]);
    expect(couponsForPackage(undefined, { code: 'ESS1' })).toEqual([]);
  });

  it('totals build-your-own with the domain engine, free options only in the treatment', () => {
    const byo1 = buildYourOwnPackageFor(US_PACKAGES, 'SUB1YEAR');
    expect(byo1?.id).toBe(3005);
    expect(byCode('BYO2')).toBe(buildYourOwnPackageFor(US_PACKAGES, 'SUB2YEAR'));
    if (!byo1) throw new Error('no BYO1');
    const values = {
      subscription: 'SUB1YEAR' as const,
      myfiles: true,
      tonemeter: true,
      unlimitedPayments: false,
      calls: true,
    };
    expect(
      buildYourOwnTotal(byo1, values, { treatment: false, locale: 'en', country: 'US' }),
    ).toEqual({
      amount: 7999 + 1000 + 1500 + 1000,
      formatted: '$114.99',
    });
    expect(
      buildYourOwnTotal(byo1, values, { treatment: true, locale: 'en', country: 'US' }),
    ).toEqual({
      amount: 7999 + 1500,
      formatted: '$94.99',
    });
  });
});
