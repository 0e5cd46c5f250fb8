import {
  type CurrencyCode,
  type Locale,
  normalizeCode,
  type OrderCodeRefusal,
  orderCodeRefusalKey,
  type PaymentCodeValue,
  paymentCodeValue,
  type SubscriptionCodeDefinition,
  subscriptionCodeRejection,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { FieldValidationError } from '../../errors.js';
import type { Catalog, CatalogPackage } from './catalog.js';
import { findSubscriptionCodes } from './repo.js';

/** The names of the packages a PACKAGE code pays for, in the language, each once. */
export function packageNamesOfCode(
  catalog: Catalog,
  packageCode: string | null | undefined,
  locale: Locale,
): string {
  const names = catalog.packages
    .filter((pkg) => pkg.active && pkg.code === packageCode)
    .map((pkg) => pkg.displayName[locale]);
  return [...new Set(names)].join(', ');
}

type OrderContext = { pkg: CatalogPackage; currency: CurrencyCode; catalog: Catalog };

/** Why a code cannot pay for this order, or null when it can. */
function refusalOf(
  definition: SubscriptionCodeDefinition | undefined,
  isRepeated: boolean,
  order: OrderContext,
  instant: Date,
): OrderCodeRefusal | null {
  if (!definition) return 'UNKNOWN';
  if (isRepeated) return 'REPEATED';
  return subscriptionCodeRejection(definition, {
    now: instant,
    packageCode: order.pkg.code,
    currency: order.currency,
  });
}

/**
 * Subscription codes → the engine's payment codes. A code that cannot pay for the order is 422 at
 * `paymentCodes.N` saying why, with the reason's message key (`key`): unknown, entered twice,
 * already used, expired, another country or currency, or for other packages than the one chosen
 * (both named), so the browser can offer to remove it rather than fail the whole price.
 */
export async function resolvePaymentCodes(
  db: Executor,
  entered: readonly string[],
  order: OrderContext,
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
  const errors: ValidationError[] = [];
  normalized.forEach((code, index) => {
    if (code === '') return;
    const definition = found.find((c) => c.code === code);
    const refusal = refusalOf(definition, seen.has(code), order, instant);
    seen.add(code);
    if (refusal === null && definition) {
      values.push(paymentCodeValue(definition));
      return;
    }
    const key = orderCodeRefusalKey(refusal ?? 'UNKNOWN');
    const text = translateMessage(key, locale, {
      packages: packageNamesOfCode(order.catalog, definition?.packageCode, locale),
      chosen: order.pkg.displayName[locale],
    });
    errors.push({ field: `paymentCodes.${index}`, text, type: 'ERROR', key });
  });
  if (errors.length > 0) throw new FieldValidationError(errors);
  return values;
}
