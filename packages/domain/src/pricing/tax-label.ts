import { VAT_WORDING_PACKAGE_IDS } from '../constants/limits.js';
import type { MessageKey } from '../messages/en.js';
import type { TaxLine } from './tax.js';

/**
 * The message keys of an order's tax line label, joined with ' + ' when shown: 'VAT' for the
 * packages with VAT wording (2061, 2063), else each kind of tax the order has ('GST + QST',
 * 'Sales tax'), or 'Tax' before any is known. The order summary, the receipt and its email say it
 * alike.
 */
export function taxLabelKeys(
  packageId: number,
  taxes: readonly Pick<TaxLine, 'kind'>[],
): MessageKey[] {
  if ((VAT_WORDING_PACKAGE_IDS as readonly number[]).includes(packageId))
    return ['pricing_vat_label'];
  const kinds = [...new Set(taxes.map((tax) => tax.kind))];
  if (kinds.length === 0) return ['pricing_tax_label'];
  return kinds.map((kind): MessageKey => `tax_${kind}`);
}

/** Whether the order's taxes are part of its prices (shown, not added). */
export function areTaxesIncluded(
  taxes: readonly Pick<TaxLine, 'included'>[],
  pricesIncludeTax: boolean | undefined,
): boolean {
  return taxes.length > 0 ? taxes.every((tax) => tax.included) : Boolean(pricesIncludeTax);
}
