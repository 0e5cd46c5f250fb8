import {
  buildYourOwnAmount,
  type CurrencyCode,
  type Locale,
  type MessageKey,
  normalizeCode,
  type Order,
  type PaymentCodeValue,
  paymentCodeValue,
  subscriptionCodeRejection,
  termForYears,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { CatalogPackage } from './catalog.js';
import { findSubscriptionCodes } from './repo.js';

/** 422 with one localised error per field. */
export function fieldErrors(errors: { field: string; key: MessageKey }[], locale: Locale) {
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

/** The amount of one subscription of the order; throws 422 for an order the package refuses. */
export function orderAmount(
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
      throw fieldErrors([{ field: 'orderDetail.services', key: 'pricing_services_error' }], locale);
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

/** Subscription codes → the engine's payment codes; 422 'Invalid activation code' per bad one. */
export async function resolvePaymentCodes(
  db: Executor,
  entered: readonly string[],
  context: { pkg: CatalogPackage; currency: CurrencyCode },
  locale: Locale,
  instant: Date,
): Promise<PaymentCodeValue[]> {
  const normalized = entered.map((code) => normalizeCode(code));
  const found = await findSubscriptionCodes(
    db,
    normalized.filter((code) => code !== ''),
  );
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
