import type { Package } from './schemas.js';
import { parsePackageCode } from './schemas.js';

/**
 * The comparison on the package screens: one term at a time (a 1-year / 2-year switch instead of
 * a card per term), each package's price per month beside its total, and what the 2-year term
 * saves against paying for two single years.
 */

type Term = Package['subDurationInYears'];

type Priced = Pick<
  Package,
  'code' | 'pricingGroup' | 'currencyCode' | 'subDurationInYears' | 'totalPrice'
>;

/** The family a package belongs to (its code's letters: ESS, PREM, BYO, STD). */
export function packageFamily(pkg: Pick<Package, 'code'>): string {
  return parsePackageCode(pkg.code)?.letters ?? pkg.code;
}

/** The terms the packages come in, shortest first (the switch shows when there are two). */
export function packageTerms(packages: readonly Pick<Package, 'subDurationInYears'>[]): Term[] {
  return [...new Set(packages.map((pkg) => pkg.subDurationInYears))].sort((a, b) => a - b);
}

/** The term the screen opens on: the chosen package's, else the shortest there is. */
export function openingTerm(
  packages: readonly Pick<Package, 'id' | 'subDurationInYears'>[],
  chosenPackageId?: number,
  asked?: number,
): Term {
  const terms = packageTerms(packages);
  const askedTerm = terms.find((term) => term === asked);
  if (askedTerm) return askedTerm;
  const chosen = packages.find((pkg) => pkg.id === chosenPackageId);
  return chosen?.subDurationInYears ?? terms[0] ?? 1;
}

/** The price per month of the whole term, in minor units (rounded to the nearest). */
export function monthlyAmount(pkg: Pick<Package, 'totalPrice' | 'subDurationInYears'>): number {
  return Math.round(pkg.totalPrice / (12 * pkg.subDurationInYears));
}

export type TermSaving = { amount: number; percent: number };

/**
 * What a 2-year package saves against two years of its 1-year sibling (same family, group and
 * currency), or null for a 1-year package, a package without a sibling, or no saving.
 */
export function twoYearSaving(pkg: Priced, packages: readonly Priced[]): TermSaving | null {
  if (pkg.subDurationInYears !== 2) return null;
  const oneYear = packages.find(
    (other) =>
      other.subDurationInYears === 1 &&
      packageFamily(other) === packageFamily(pkg) &&
      other.pricingGroup === pkg.pricingGroup &&
      other.currencyCode === pkg.currencyCode,
  );
  if (!oneYear) return null;
  const twoSingleYears = oneYear.totalPrice * 2;
  const amount = twoSingleYears - pkg.totalPrice;
  if (amount <= 0) return null;
  return { amount, percent: Math.round((amount / twoSingleYears) * 100) };
}

/** The largest saving in percent of any 2-year package (the switch's "save up to …"). */
export function bestTwoYearPercent(packages: readonly Priced[]): number | null {
  const percents = packages
    .map((pkg) => twoYearSaving(pkg, packages)?.percent)
    .filter((percent): percent is number => percent !== undefined);
  return percents.length > 0 ? Math.max(...percents) : null;
}
