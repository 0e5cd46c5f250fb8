import {
  type BuildYourOwnValues,
  buildYourOwnAmount,
  buildYourOwnServices,
  type Coupon,
  formatMoney,
  type Locale,
  moneyLocale,
  type Package,
  parsePackageCode,
} from '@coparent/domain';

/**
 * Card order on /step3 and /pricing (docs/pricing.md, "The screens"): the catalog's sortOrder,
 * which is tier first (Essentials, Premium, Build your own) and then term (1 year, then 2 years),
 * then the id. The browser sorts again so the order never depends on the answer's order.
 */
export function sortPackages(packages: readonly Package[]): Package[] {
  return [...packages].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** The ugly-duckling treatment's order: build-your-own first, the packages after, each sorted. */
export function plainDecoyFirst(sorted: readonly Package[]): Package[] {
  return [
    ...sorted.filter((pkg) => pkg.buildYourOwn),
    ...sorted.filter((pkg) => !pkg.buildYourOwn),
  ];
}

/** Premium packages are marked on their card (code letters PREM: PREM1, PREM2). */
export function isPremiumPackage(pkg: Pick<Package, 'code'>): boolean {
  return parsePackageCode(pkg.code)?.letters === 'PREM';
}

/** The coupons whose banner belongs on a package's card (no package list: every package). */
export function couponsForPackage(
  coupons: readonly Coupon[] | undefined,
  pkg: Pick<Package, 'code'>,
): Coupon[] {
  return (coupons ?? []).filter(
    (coupon) => coupon.packageCodes === null || coupon.packageCodes.includes(pkg.code),
  );
}

/** Which tax sentence a card shows (spec: packages 2061 and 2063 use VAT wording). */
type TaxWordingKey = 'pricing_vatIncluded' | 'pricing_taxIncluded' | 'pricing_plusTax';

export function taxWordingKey(
  pkg: Pick<Package, 'taxWording' | 'pricesIncludeTax'>,
): TaxWordingKey {
  if (pkg.taxWording === 'VAT') return 'pricing_vatIncluded';
  return pkg.pricesIncludeTax ? 'pricing_taxIncluded' : 'pricing_plusTax';
}

/** The build-your-own package of a term among a group's packages. */
export function buildYourOwnPackageFor(
  packages: readonly Package[],
  subscription: BuildYourOwnValues['subscription'],
): Package | undefined {
  return packages.find((pkg) => pkg.buildYourOwn && pkg.subscription === subscription);
}

/**
 * The live total of /alacarte, with the domain's engine: the term's base price plus each chosen
 * option (free options cost nothing in the treatment), in minor units and formatted.
 */
export function buildYourOwnTotal(
  pkg: Package,
  values: BuildYourOwnValues,
  { treatment, locale, country }: { treatment: boolean; locale: Locale; country?: string | null },
): { amount: number; formatted: string } {
  const amount = buildYourOwnAmount(
    pkg.totalPrice,
    pkg.options.map((option) => ({
      code: option.code,
      amount: option.amount,
      freeInTreatment: option.freeInTreatment,
    })),
    buildYourOwnServices(values).filter((code) => pkg.options.some((o) => o.code === code)),
    { treatment },
  );
  return { amount, formatted: formatMoney(amount, pkg.currencyCode, moneyLocale(locale, country)) };
}
