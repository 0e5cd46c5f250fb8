import {
  type Coupon,
  type CurrencyCode,
  type Discount,
  discountAmount,
  formatMoney,
  type Locale,
  moneyLocale,
  type PricingGroup,
  promoDiscount,
  promoRejection,
  translateMessage,
} from '@coparent/domain';
import type { CatalogPackage } from './catalog.js';
import type { CatalogSnapshot } from './catalog-cache.js';
import type { Promo, Referrer } from './repo.js';

/** The referrer's discount as a coupon: its own percentage, never the link's. */
export function referrerDiscount(referrer: Referrer, locale: Locale): Discount {
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
 * The coupons a signup is offered in its market: its referrer's discount, then the public
 * promotions valid there now.
 */
export function couponList(
  snapshot: CatalogSnapshot,
  market: { pricingGroup: PricingGroup; country: string | null; currency: CurrencyCode },
  referrerKey: string | null | undefined,
  locale: Locale,
  instant: Date,
): Coupon[] {
  const { pricingGroup, country, currency } = market;
  const format = (minor: number) => formatMoney(minor, currency, moneyLocale(locale, country));
  const list: Coupon[] = [];
  const referrer = referrerKey ? snapshot.referrers.get(referrerKey) : undefined;
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
  return list;
}

/**
 * The discount: the first entered promo code when it applies to this order; otherwise the best
 * automatic one (the signup's referrer, promotions marked autoApply). One discount per order.
 */
export function chooseDiscount(
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
  instant: Date,
): Discount | null {
  const order = {
    now: instant,
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
