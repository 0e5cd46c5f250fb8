import {
  BUILD_YOUR_OWN_OPTIONS,
  buildYourOwnAmount,
  type CountryCriteria,
  type Coupon,
  type CouponsResponse,
  type CurrencyCode,
  calculatePricing,
  currencyForCountry,
  currencySymbol,
  type Discount,
  discountAmount,
  EXPERIMENTS,
  formatMoney,
  hasRegions,
  includedTaxOf,
  isCountryId,
  isRegionOf,
  isTreatment,
  type Locale,
  type MessageKey,
  moneyLocale,
  normalizeCode,
  type Order,
  type Package,
  type PackagesResponse,
  type PaymentCodeValue,
  type PricingGroup,
  type PricingLookupResponse,
  type PricingRequest,
  type PricingResponse,
  paymentCodeValue,
  promoDiscount,
  promoRejection,
  resolvePricingGroup,
  subscriptionCodeRejection,
  type TaxQuote,
  termForYears,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { TaxCalculator } from '../../adapters/tax/tax-calculator.js';
import type { Db } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { FlagContext } from '../flags/context.js';
import {
  type ExperimentFlags,
  experimentArm,
  invitedFlagContext,
  signupFlagContext,
} from '../flags/experiment-arm.js';
import { findSignupBillingCountry, type SignupOrder } from '../signup/repo.js';
import type { SignupService } from '../signup/service.js';
import {
  type Catalog,
  type CatalogPackage,
  displayCurrency,
  findPackage,
  homeCountry,
  packagesFor,
  saleCurrency,
} from './catalog.js';
import {
  type CatalogCacheOptions,
  type CatalogSnapshot,
  createCatalogCache,
} from './catalog-cache.js';
import { findSubscriptionCodes, type Promo, type Referrer } from './repo.js';

export type PricingServiceDeps = {
  db: Db;
  tax: TaxCalculator;
  now: () => Date;
  /** Authorises the signup calls (registration key) and reads the signup's order and referrer. */
  signups: Pick<SignupService, 'authorize'>;
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

function fieldErrors(errors: { field: string; key: MessageKey }[], locale: Locale) {
  return new FieldValidationError(
    errors.map(
      (e): ValidationError => ({
        field: e.field,
        text: translateMessage(e.key, locale),
        type: 'ERROR',
      }),
    ),
  );
}

/** The referrer's discount as a coupon: its own percentage, never the link's. */
function referrerDiscount(referrer: Referrer, locale: Locale): Discount {
  return {
    code: referrer.couponCode,
    description: translateMessage('coupon_referrer_description', locale, {
      percent: referrer.percent,
    }),
    kind: 'PERCENT',
    percent: referrer.percent,
  };
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
    const format = (minor: number) => formatMoney(minor, currency, moneyLocale(locale, country));
    const list: Coupon[] = [];
    const referrer = order?.referrerKey ? snapshot.referrers.get(order.referrerKey) : undefined;
    if (referrer) {
      list.push({
        couponCode: referrer.couponCode,
        source: 'REFERRER',
        description: referrerDiscount(referrer, locale).description,
        bannerText: translateMessage('coupon_referrer_banner', locale, {
          percent: referrer.percent,
          name: referrer.name,
        }),
        percent: referrer.percent,
        amount: null,
        amountFormatted: null,
        currencyCode: currency,
        packageCodes: null,
        autoApply: true,
      });
    }
    const instant = now();
    for (const promo of snapshot.offeredPromos) {
      const rejection = promoRejection(
        { ...promo, packageCodes: null },
        { now: instant, packageCode: '', pricingGroup, currency },
      );
      if (rejection) continue;
      const amount = promo.kind === 'AMOUNT' ? (promo.amounts?.[currency] ?? null) : null;
      const percent = promo.kind === 'PERCENT' ? (promo.percent ?? null) : null;
      const amountFormatted = amount === null ? null : format(amount);
      const fallbackBanner =
        amount !== null
          ? translateMessage('coupon_amount_banner', locale, {
              amount: amountFormatted ?? '',
              code: promo.code,
            })
          : translateMessage('coupon_percent_banner', locale, {
              percent: percent ?? 0,
              code: promo.code,
            });
      list.push({
        couponCode: promo.code,
        source: 'PROMOTION',
        description: promo.description[locale],
        bannerText: promo.bannerText?.[locale] ?? fallbackBanner,
        percent,
        amount,
        amountFormatted,
        currencyCode: currency,
        packageCodes:
          promo.packageCodes && promo.packageCodes.length > 0 ? [...promo.packageCodes] : null,
        autoApply: promo.autoApply,
      });
    }
    return { coupons: list };
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

  /** The amount of one subscription of the order; throws 422 for an order the package refuses. */
  function orderAmount(
    pkg: CatalogPackage,
    order: Order,
    currency: CurrencyCode,
    treatment: boolean,
    locale: Locale,
  ): number {
    const base = pkg.prices[currency];
    if (base === undefined) throw new AppError('COUNTRY_MISMATCH');
    const term = termForYears(pkg.subDurationInYears);
    if (order.productId !== undefined && order.productId !== term) {
      throw fieldErrors(
        [{ field: 'orderDetail.productId', key: 'pricing_subscription_error' }],
        locale,
      );
    }
    const services = order.services ?? [];
    if (!pkg.buildYourOwn) {
      if (services.length > 0) {
        throw fieldErrors(
          [{ field: 'orderDetail.services', key: 'pricing_services_error' }],
          locale,
        );
      }
      return base;
    }
    if (order.productId === undefined) {
      throw fieldErrors(
        [{ field: 'orderDetail.productId', key: 'pricing_subscription_error' }],
        locale,
      );
    }
    const options = pkg.options.map((option) => ({
      code: option.code,
      amount: option.prices[currency] ?? 0,
      freeInTreatment: option.freeInTreatment,
    }));
    if (!services.every((code) => options.some((o) => o.code === code))) {
      throw fieldErrors([{ field: 'orderDetail.services', key: 'pricing_services_error' }], locale);
    }
    return buildYourOwnAmount(base, options, services, { treatment });
  }

  /**
   * The discount: the first entered promo code when it applies to this order; otherwise the best
   * automatic one (the signup's referrer, promotions marked autoApply). One discount per order.
   */
  function chooseDiscount(
    snapshot: CatalogSnapshot,
    promoCodes: readonly string[],
    referrer: Referrer | undefined,
    context: {
      pkg: CatalogPackage;
      pricingGroup: PricingGroup;
      currency: CurrencyCode;
      subTotal: number;
    },
    locale: Locale,
  ): Discount | null {
    const order = {
      now: now(),
      packageCode: context.pkg.code,
      pricingGroup: context.pricingGroup,
      currency: context.currency,
    };
    const applies = (promo: Promo | undefined): promo is Promo =>
      promo !== undefined && promoRejection(promo, order) === null;
    const first = promoCodes[0];
    if (first !== undefined) {
      const promo = snapshot.promos.get(first);
      if (applies(promo)) return promoDiscount(promo, context.currency, promo.description[locale]);
    }
    const automatic: Discount[] = [];
    if (referrer) automatic.push(referrerDiscount(referrer, locale));
    for (const promo of snapshot.offeredPromos) {
      if (promo.autoApply && applies(promo)) {
        automatic.push(promoDiscount(promo, context.currency, promo.description[locale]));
      }
    }
    let best: Discount | null = null;
    for (const candidate of automatic) {
      if (
        !best ||
        discountAmount(candidate, context.subTotal) > discountAmount(best, context.subTotal)
      ) {
        best = candidate;
      }
    }
    return best;
  }

  /** Subscription codes → the engine's payment codes; 422 'Invalid activation code' per bad one. */
  async function resolvePaymentCodes(
    entered: readonly string[],
    context: { pkg: CatalogPackage; currency: CurrencyCode },
    locale: Locale,
  ): Promise<PaymentCodeValue[]> {
    const normalized = entered.map((code) => normalizeCode(code));
    const found = await findSubscriptionCodes(
      db,
      normalized.filter((code) => code !== ''),
    );
    const instant = now();
    const seen = new Set<string>();
    const values: PaymentCodeValue[] = [];
    const errors: { field: string; key: 'payment_activationCode_error' }[] = [];
    normalized.forEach((code, index) => {
      if (code === '') return;
      const definition = found.find((c) => c.code === code);
      const valid =
        definition !== undefined &&
        !seen.has(code) &&
        subscriptionCodeRejection(definition, {
          now: instant,
          packageCode: context.pkg.code,
          currency: context.currency,
        }) === null;
      seen.add(code);
      if (!valid || !definition) {
        errors.push({ field: `paymentCodes.${index}`, key: 'payment_activationCode_error' });
        return;
      }
      values.push(paymentCodeValue(definition));
    });
    if (errors.length > 0) throw fieldErrors(errors, locale);
    return values;
  }

  /**
   * POST /v2/signups/{id}/pricing: the spec's Pricing info for the order, computed here from the
   * catalog. The currency and tax follow the billing country (else the phone's country);
   * 409 COUNTRY_MISMATCH when the package is not sold there; 422 for an invalid subscription
   * code ('Invalid activation code'); an invalid promo code is simply not applied (the browser's
   * invalid-promo detection then flags it).
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
    row: Pick<
      SignupRow,
      'id' | 'parentPhoneCountryCode' | 'parentPhoneNumber' | 'segmentAnonymousId' | 'parentEmail'
    >,
    saved:
      | Pick<SignupOrder, 'packageId' | 'complete' | 'freeOptionsTreatment' | 'referrerKey'>
      | undefined,
    body: PricingRequest,
    ctx: Ctx,
  ): Promise<PricingResponse> {
    return priceOrder(row, saved, body, ctx, (pkg) =>
      saved?.complete && saved.packageId === pkg.id
        ? Promise.resolve(saved.freeOptionsTreatment)
        : findSignupBillingCountry(db, row.id).then((billingCountry) =>
            inFreeOptionsTreatment(signupFlagContext(row, ctx.locale, billingCountry)),
          ),
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
    saved: Pick<SignupOrder, 'referrerKey'> | undefined,
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
    const paymentCodes = await resolvePaymentCodes(body.paymentCodes, { pkg, currency }, locale);
    const referrer = saved?.referrerKey ? snapshot.referrers.get(saved.referrerKey) : undefined;
    const subTotal = packageAmount * (body.payForCoparent ? 2 : 1);
    const discount = chooseDiscount(
      snapshot,
      promoCodes,
      referrer,
      { pkg, pricingGroup, currency, subTotal },
      locale,
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

  return {
    lookup,
    listPackages,
    coupons,
    countryCheck,
    checkCountry,
    price,
    quote,
    quoteFor,
    availableCouponCodes,
  };
}
