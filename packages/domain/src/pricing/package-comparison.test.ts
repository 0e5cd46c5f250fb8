import { describe, expect, it } from 'vitest';
import {
  bestTwoYearPercent,
  monthlyAmount,
  openingTerm,
  packageFamily,
  packageTerms,
  twoYearSaving,
} from './package-comparison.js';
import type { Package } from './schemas.js';

function pkg(id: number, code: string, totalPrice: number, currencyCode: 'USD' | 'GBP' = 'USD') {
  const years = code.endsWith('2') ? 2 : 1;
  return {
    id,
    code,
    pricingGroup: 'P3',
    currencyCode,
    subDurationInYears: years,
    totalPrice,
  } satisfies Partial<Package> as Pick<
    Package,
    'id' | 'code' | 'pricingGroup' | 'currencyCode' | 'subDurationInYears' | 'totalPrice'
  >;
}

const US = [
  pkg(3001, 'ESS1', 9999),
  pkg(3002, 'ESS2', 17999),
  pkg(3003, 'PREM1', 14999),
  pkg(3004, 'PREM2', 24999),
];

describe('the package comparison', () => {
  it('names a package family by its code letters', () => {
    expect(packageFamily({ code: 'PREM2' })).toBe('PREM');
    expect(packageFamily({ code: 'BYO1' })).toBe('BYO');
  });

  it('lists the terms there are, shortest first', () => {
    expect(packageTerms(US)).toEqual([1, 2]);
    expect(packageTerms([pkg(1001, 'STD1', 9999)])).toEqual([1]);
  });

  it('opens on the asked term, else the chosen package’s, else the shortest', () => {
    expect(openingTerm(US)).toBe(1);
    expect(openingTerm(US, 3004)).toBe(2);
    expect(openingTerm(US, 3004, 1)).toBe(1);
    // A term the packages do not come in is not opened.
    expect(openingTerm([pkg(1001, 'STD1', 9999)], undefined, 2)).toBe(1);
  });

  it('prices a month of the whole term', () => {
    expect(monthlyAmount({ totalPrice: 14999, subDurationInYears: 1 })).toBe(1250);
    expect(monthlyAmount({ totalPrice: 24999, subDurationInYears: 2 })).toBe(1042);
  });

  it('says what two years save against two single years of the same family', () => {
    expect(twoYearSaving(pkg(3004, 'PREM2', 24999), US)).toEqual({ amount: 4999, percent: 17 });
    expect(twoYearSaving(pkg(3002, 'ESS2', 17999), US)).toEqual({ amount: 1999, percent: 10 });
    expect(twoYearSaving(pkg(3003, 'PREM1', 14999), US)).toBeNull();
    // No 1-year sibling in the same currency: nothing to compare with.
    expect(twoYearSaving(pkg(2063, 'PREM2', 19999, 'GBP'), US)).toBeNull();
    // A 2-year term dearer than two single years is no saving.
    expect(twoYearSaving(pkg(9, 'ESS2', 20000), US)).toBeNull();
    expect(bestTwoYearPercent(US)).toBe(17);
    expect(bestTwoYearPercent([pkg(3003, 'PREM1', 14999)])).toBeNull();
  });
});
