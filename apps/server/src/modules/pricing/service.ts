import {
  BUILD_YOUR_OWN_OPTIONS,
  type CountryCriteria,
  type CouponsResponse,
  type CurrencyCode,
  calculatePricing,
  currencyForCountry,
  currencySymbol,
  EXPERIMENTS,
  formatMoney,
  hasRegions,
  includedTaxOf,
  isCountryId,
  isRegionOf,
  isTreatment,
  type Locale,
  moneyLocale,
  normalizeCode,
  type Package,
  type PackagesResponse,
  type PricingLookupResponse,
  type PricingRequest,
  type PricingResponse,
  resolvePricingGroup,
  type TaxQuote,
  termForYears,
  translateMessage,
} from '@coparent/domain';
import type { TaxCalculator } from '../../adapters/tax/tax-calculator.js';
import type { Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { CoreDeps } from '../core-deps.js';
import type { FlagContext } from '../flags/context.js';
import {
  type ExperimentFlags,
  experimentArm,
  invitedFlagContext,
  signupFlagContext,
} from '../flags/experiment-arm.js';
import {
  type Catalog,
  type CatalogPackage,
  displayCurrency,
  findPackage,
  homeCountry,
  packagesFor,
  saleCurrency,
} from './catalog.js';
import { type CatalogCacheOptions, createCatalogCache } from './catalog-cache.js';
import { createCodeCheck } from './code-check.js';
import { chooseDiscount, couponList } from './discounts.js';
import { fieldErrors, orderAmount } from './order-amount.js';
import { resolvePaymentCodes } from './payment-codes.js';
import { findActiveReferrer, type Referrer, readCatalog as readCatalogNow } from './repo.js';
import type { PricedSignup, SavedOrder, SignupAccess } from './signup-access.js';

export type PricingServiceDeps = CoreDeps & {
  tax: TaxCalculator;
  /** Authorises the signup calls (registration key) and reads the signup's order and referrer. */
  signups: SignupAccess;
  /** Decides the show-price-in-build-your-own arm an order is priced in. */
  flags: ExperimentFlags;
  /** The in-memory catalog's TTL and clock (catalog-cache.ts); defaults: 60 s, performance.now. */
  catalogCache?: CatalogCacheOptions;
};

export type PricingService = ReturnType<typeof createPricingService>;

type Ctx = { locale: Locale };

/** No tax can be computed without a country. */
const NO_COUNTRY_TAX: TaxQuote = {
  taxId: null,
  pricesIncludeTax: false,
  calculated: false,
  rates: [],
};

/** The currency a list of packages is sold in for `country` (the first package's). */
function marketCurrency(packages: readonly CatalogPackage[], country: string | null): CurrencyCode {
  const [first] = packages;
  return first ? displayCurrency(first, country) : currencyForCountry(country);
}

/**
 * Pricing use cases: the pricing-group lookup, the package listing, available coupons, the
 * country check and the price of an order. Every amount comes from the catalog in the database,
 * read through an in-memory cache (catalog-cache.ts); nothing the browser sends is a price.
 */
export function createPricingService({
  db,
  tax,
  now,
  signups,
  flags,
  catalogCache,
}: PricingServiceDeps) {
  const cache = createCatalogCache(db, catalogCache);
  const readCatalog = async () => (await cache.get()).catalog;

  /** The pricing group and its packages for a visitor. */
  function lookupIn(catalog: Catalog, criteria: CountryCriteria) {
    const resolved = resolvePricingGroup(catalog.rules, criteria);
    const packages = packagesFor(catalog, resolved.pricingGroup, resolved.country);
    return { ...resolved, packages };
  }

  function lookupResponse(lookup: ReturnType<typeof lookupIn>): PricingLookupResponse {
    return {
      pricingGroupName: lookup.pricingGroup,
      packageIds: lookup.packages.map((p) => p.id),
      country: lookup.country,
      currencyCode: marketCurrency(lookup.packages, lookup.country),
    };
  }

  /** GET /v2/pricing: the visitor's pricing group and its package ids (card order). */
  async function lookup(criteria: CountryCriteria): Promise<PricingLookupResponse> {
    return lookupResponse(lookupIn(await readCatalog(), criteria));
  }

  /** A package localised and priced for a visitor. */
  async function describePackage(
    pkg: CatalogPackage,
    country: string | null,
    locale: Locale,
  ): Promise<Package> {
    const currency = displayCurrency(pkg, country);
    // Tax is quoted where the package is sold: the visitor's country when it is, else its home.
    const taxCountry = saleCurrency(pkg, country) && country ? country : homeCountry(pkg);
    const quote = taxCountry ? await tax.quote({ country: taxCountry }) : NO_COUNTRY_TAX;
    const formatLocale = moneyLocale(locale, taxCountry);
    const format = (minor: number) => formatMoney(minor, currency, formatLocale);
    const totalPrice = pkg.prices[currency] ?? 0;
    const vatAmount = includedTaxOf(totalPrice, quote);
    return {
      id: pkg.id,
      code: pkg.code,
      pricingGroup: pkg.pricingGroup,
      displayName: pkg.displayName[locale],
      receiptText: pkg.receiptText[locale],
      features: pkg.features[locale],
      recommended: pkg.recommended,
      buildYourOwn: pkg.buildYourOwn,
      subDurationInYears: pkg.subDurationInYears,
      subscription: termForYears(pkg.subDurationInYears),
      totalPrice,
      totalPriceFormatted: format(totalPrice),
      currencyCode: currency,
      currencySymbol: currencySymbol(currency, formatLocale),
      vatAmount,
      vatAmountFormatted: format(vatAmount),
      pricesIncludeTax: quote.pricesIncludeTax,
      taxWording: pkg.taxWording,
      analyticsPackage: pkg.analyticsPackage,
      packageName: pkg.packageName,
      sortOrder: pkg.sortOrder,
      options: pkg.options.map((option) => {
        const field =
          BUILD_YOUR_OWN_OPTIONS.find((o) => o.code === option.code)?.field ?? 'myfiles';
        const amount = option.prices[currency] ?? 0;
        return {
          code: option.code,
          key: field,
          name: translateMessage(`pricing_option_${field}`, locale),
          amount,
          amountFormatted: format(amount),
          freeInTreatment: option.freeInTreatment,
        };
      }),
    };
  }

  /**
   * GET /v2/packages: the listed ids (unknown or retired ids are left out), or without ids the
   * packages of the visitor's pricing group; sorted by sortOrder.
   */
  async function listPackages(
    query: { ids?: number[] | undefined; country?: string | undefined },
    { locale }: Ctx,
  ): Promise<PackagesResponse> {
    const catalog = await readCatalog();
    const given = (query.country ?? '').trim().toUpperCase();
    const country = isCountryId(given) ? given : null;
    const chosen =
      query.ids !== undefined
        ? catalog.packages
            .filter((p) => p.active && query.ids?.includes(p.id))
            .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        : lookupIn(catalog, { country }).packages;
    return {
      packages: await Promise.all(chosen.map((pkg) => describePackage(pkg, country, locale))),
    };
  }

  /** The country a signup's calls price in: the given one, else its parent's phone. */
  function signupCountry(
    row: { parentPhoneCountryCode: string | null; parentPhoneNumber: string | null },
    country: string | undefined,
    catalog: Catalog,
  ) {
    return resolvePricingGroup(catalog.rules, {
      country,
      countryCode: row.parentPhoneCountryCode,
      phoneNumber: row.parentPhoneNumber,
    });
  }

  /** GET /v2/signups/{id}/coupons: the referrer's discount and the public promotions. */
  async function coupons(
    signupId: string,
    registrationKey: string | undefined,
    query: { country?: string | undefined },
    { locale }: Ctx,
  ): Promise<CouponsResponse> {
    const { row, order } = await signups.authorize(signupId, registrationKey);
    const snapshot = await cache.get();
    const { catalog } = snapshot;
    const { pricingGroup, country } = signupCountry(row, query.country, catalog);
    const currency = marketCurrency(packagesFor(catalog, pricingGroup, country), country);
    const market = { pricingGroup, country, currency };
    return { coupons: couponList(snapshot, market, order?.referrerKey, locale, now()) };
  }

  /**
   * POST /v2/signups/{id}/country-check: 200 with the country's group and packages when the
   * package is one of them; 409 COUNTRY_MISMATCH when its group or currency does not fit.
   */
  async function countryCheck(
    signupId: string,
    registrationKey: string | undefined,
    body: { packageId: number; countryCriteria: CountryCriteria },
    { locale }: Ctx,
  ): Promise<PricingLookupResponse> {
    await signups.authorize(signupId, registrationKey);
    return checkCountry(body, { locale });
  }

  /** The country-criteria check without authorisation (the signup's and the invited user's). */
  async function checkCountry(
    body: { packageId: number; countryCriteria: CountryCriteria },
    { locale }: Ctx,
  ): Promise<PricingLookupResponse> {
    const catalog = await readCatalog();
    if (!findPackage(catalog, body.packageId)) {
      throw fieldErrors([{ field: 'packageId', key: 'pricing_package_error' }], locale);
    }
    const found = lookupIn(catalog, body.countryCriteria);
    if (!found.packages.some((p) => p.id === body.packageId))
      throw new AppError('COUNTRY_MISMATCH');
    return lookupResponse(found);
  }

  /**
   * POST /v2/signups/{id}/pricing: the spec's Pricing info for the order, computed here from the
   * catalog. The currency and tax follow the billing country (else the phone's country);
   * 409 COUNTRY_MISMATCH when the package is not sold there; 422 at `paymentCodes.N` saying why
   * a subscription code cannot pay for the order (payment-codes.ts); an invalid promo code is
   * simply not applied (the browser's invalid-promo detection then flags it).
   */
  async function price(
    signupId: string,
    registrationKey: string | undefined,
    body: PricingRequest,
    ctx: Ctx,
  ): Promise<PricingResponse> {
    const { row, order: saved } = await signups.authorize(signupId, registrationKey);
    return quote(row, saved, body, ctx);
  }

  /** Whether the flag file puts this context in the show-price-in-build-your-own treatment. */
  async function inFreeOptionsTreatment(context: FlagContext): Promise<boolean> {
    return isTreatment(await experimentArm(flags, EXPERIMENTS.showPriceInBuildYourOwn, context));
  }

  /**
   * The price of a signup's order (the pricing call's computation, without the authorisation):
   * the payment re-prices with it from the saved order, the billing address and the codes.
   * Build-your-own is priced in the arm saved with the order when it is this package (the arm
   * its values were chosen in), else in the arm the flag file gives the signup's context.
   */
  async function quote(
    row: PricedSignup,
    saved: SavedOrder | undefined,
    body: PricingRequest,
    ctx: Ctx,
  ): Promise<PricingResponse> {
    return priceOrder(row, saved, body, ctx, (pkg) =>
      saved?.complete && saved.packageId === pkg.id
        ? Promise.resolve(saved.freeOptionsTreatment)
        : inFreeOptionsTreatment(signupFlagContext(row, ctx.locale, row.billingCountry)),
    );
  }

  /**
   * The price of an invited co-parent's order (their pricing call and their payment): always in
   * the arm the flag file gives their user id, so the charge matches the price shown.
   */
  async function quoteFor(
    user: Pick<SignupRow, 'id' | 'parentPhoneCountryCode' | 'parentPhoneNumber'>,
    body: PricingRequest,
    ctx: Ctx,
  ): Promise<PricingResponse> {
    return priceOrder(user, undefined, body, ctx, () =>
      inFreeOptionsTreatment(invitedFlagContext(user.id, ctx.locale)),
    );
  }

  async function priceOrder(
    row: Pick<SignupRow, 'id' | 'parentPhoneCountryCode' | 'parentPhoneNumber'>,
    saved: Pick<SavedOrder, 'referrerKey'> | undefined,
    body: PricingRequest,
    { locale }: Ctx,
    freeOptionsTreatment: (pkg: CatalogPackage) => Promise<boolean>,
  ): Promise<PricingResponse> {
    if (body.limboId !== undefined && body.limboId !== row.id) {
      throw fieldErrors([{ field: 'limboId', key: 'invalidValue' }], locale);
    }
    const address = body.address;
    const givenCountry = address?.country?.toUpperCase();
    const region = address?.region?.toUpperCase() ?? null;
    if (givenCountry !== undefined && !isCountryId(givenCountry)) {
      throw fieldErrors([{ field: 'address.country', key: 'signup_country_error' }], locale);
    }
    if (givenCountry && region && hasRegions(givenCountry) && !isRegionOf(givenCountry, region)) {
      throw fieldErrors([{ field: 'address.region', key: 'signup_region_error' }], locale);
    }

    const snapshot = await cache.get();
    const { catalog } = snapshot;
    const pkg = findPackage(catalog, body.orderDetail.packageId);
    if (!pkg) {
      throw fieldErrors([{ field: 'orderDetail.packageId', key: 'pricing_package_error' }], locale);
    }
    const { pricingGroup, country, packages } = lookupIn(catalog, {
      country: givenCountry,
      countryCode: body.phoneCountryCode ?? row.parentPhoneCountryCode,
      phoneNumber: body.phoneNumber ?? row.parentPhoneNumber,
    });
    if (!packages.some((p) => p.id === pkg.id)) throw new AppError('COUNTRY_MISMATCH');
    const currency = saleCurrency(pkg, country);
    if (!currency) throw new AppError('COUNTRY_MISMATCH');

    const treatment = pkg.buildYourOwn && (await freeOptionsTreatment(pkg));
    const packageAmount = orderAmount(pkg, body.orderDetail, currency, treatment, locale);

    const promoCodes = body.promoCodes.map(normalizeCode).filter((code) => code !== '');
    const paymentCodes = await resolvePaymentCodes(
      db,
      body.paymentCodes,
      { pkg, currency, catalog },
      locale,
      now(),
    );
    const referrer = saved?.referrerKey ? snapshot.referrers.get(saved.referrerKey) : undefined;
    const subTotal = packageAmount * (body.payForCoparent ? 2 : 1);
    const discount = chooseDiscount(
      snapshot,
      promoCodes,
      referrer,
      { pkg, pricingGroup, currency, subTotal },
      locale,
      now(),
    );
    const quote = country ? await tax.quote({ country, region }) : NO_COUNTRY_TAX;

    const pricing = calculatePricing({
      currency,
      locale: moneyLocale(locale, country),
      packageAmount,
      payForCoParent: body.payForCoparent,
      discount,
      paymentCodes,
      tax: quote,
    });
    return {
      ...pricing,
      request: {
        orderDetail: {
          packageId: pkg.id,
          productId: termForYears(pkg.subDurationInYears),
          services: [...(body.orderDetail.services ?? [])],
        },
        payForCoparent: body.payForCoparent,
        paymentCodes: paymentCodes.map((code) => code.code),
        promoCodes,
        country,
        region,
        pricingGroupName: pricingGroup,
      },
    };
  }

  /** POST /v2/signups/{id}/codes/check: one code against every package offered (code-check.ts). */
  const checkCode = createCodeCheck({
    db,
    now,
    signups,
    readCatalog,
    offeredTo: (row, catalog) =>
      lookupIn(catalog, {
        countryCode: row.parentPhoneCountryCode,
        phoneNumber: row.parentPhoneNumber,
      }),
    quote,
  });

  /** Codes of the public and automatic promotions valid now (the invited context's coupons). */
  async function availableCouponCodes(): Promise<string[]> {
    const instant = now();
    const codes: string[] = [];
    for (const promo of (await cache.get()).offeredPromos) {
      if (promo.validFrom && promo.validFrom.getTime() > instant.getTime()) continue;
      if (promo.validUntil && promo.validUntil.getTime() <= instant.getTime()) continue;
      codes.push(promo.code);
    }
    return codes;
  }

  /**
   * The catalog as the database holds it now, read in the caller's transaction: a package save
   * checks the choice against it (the cache may be up to its TTL old).
   */
  function catalogNow(exec: Executor): Promise<Catalog> {
    return readCatalogNow(exec);
  }

  /** A discount link's referrer when its key is known and active, in the caller's transaction. */
  function activeReferrer(exec: Executor, key: string): Promise<Referrer | undefined> {
    return findActiveReferrer(exec, key);
  }

  return {
    lookup,
    listPackages,
    coupons,
    countryCheck,
    checkCountry,
    price,
    checkCode,
    quote,
    quoteFor,
    availableCouponCodes,
    catalogNow,
    activeReferrer,
  };
}
