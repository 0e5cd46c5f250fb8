import {
  buildYourOwnAmount,
  type CurrencyCode,
  type Locale,
  type MessageKey,
  type Order,
  termForYears,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import { AppError, FieldValidationError } from '../../errors.js';
import type { CatalogPackage } from './catalog.js';

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
