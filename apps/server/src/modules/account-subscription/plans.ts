import { type Locale, type SubscriptionPlan, termForYears } from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import type { PricingService } from '../pricing/service.js';
import { quoteRenewal, type RenewedOrder } from './renewal-price.js';

export type PlanPricing = Pick<PricingService, 'quoteFor' | 'lookup' | 'catalogNow'>;

/**
 * The plans the payer may renew on (decision 062): the packages the catalog offers for their
 * billing country (and phone, as the checkout decides the pricing group), in card order, each
 * priced by the renewal's own pricing (`quoteRenewal`: the checkout's engine, their country and
 * tax, no codes), paying for the co-parent as the order does. A build-your-own package is
 * offered only as the current plan (its options are chosen in the checkout); a package the
 * engine cannot price for them is left out.
 */
export async function offeredPlans(
  deps: { db: Executor; pricing: PlanPricing },
  order: RenewedOrder,
  payerId: string,
  locale: Locale,
): Promise<SubscriptionPlan[]> {
  const [user, address] = await Promise.all([
    findUserById(deps.db, payerId),
    findUserAddress(deps.db, payerId),
  ]);
  if (!user || !address) return [];
  const [lookup, catalog] = await Promise.all([
    deps.pricing.lookup({
      country: address.country,
      countryCode: user.phoneCountryCode,
      phoneNumber: user.phoneNumber,
    }),
    deps.pricing.catalogNow(deps.db),
  ]);
  const plans: SubscriptionPlan[] = [];
  for (const id of lookup.packageIds) {
    const pkg = catalog.packages.find((p) => p.id === id);
    const isCurrent = id === order.packageId;
    if (!pkg || (pkg.buildYourOwn && !isCurrent)) continue;
    const plan: RenewedOrder = isCurrent
      ? order
      : {
          packageId: id,
          productId: termForYears(pkg.subDurationInYears),
          services: [],
          payForCoParent: order.payForCoParent,
        };
    const priced = await quoteRenewal(deps, plan, payerId, locale);
    if (!priced) continue;
    const { currencyCode, total, totalFormatted, taxAmountFormatted } = priced.totals;
    plans.push({
      packageId: id,
      packageName: pkg.displayName[locale],
      years: pkg.subDurationInYears,
      price: { currencyCode, total, totalFormatted, taxAmountFormatted },
    });
  }
  return plans;
}
