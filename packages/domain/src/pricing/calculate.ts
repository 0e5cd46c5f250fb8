import { couponPercentFromDiscount } from './coupon.js';
import {
  assertMinorUnits,
  type CurrencyCode,
  formatMoney,
  mulDivRound,
  splitEvenly,
} from './money.js';
import type { PaymentCodeDetail, PricingInfo } from './schemas.js';
import { PPM, ratePercentString, type TaxLine, type TaxQuote } from './tax.js';

/**
 * The pricing engine: one pure function from an order to the spec's Pricing info. The caller
 * (the server) has already looked everything up and checked it: the package amount from the
 * catalog, the one discount that applies, the valid payment codes, and the tax quote.
 *
 * Order of operations (docs/pricing.md, "How a price is computed"):
 * 1. selectedPackageTotal = package amount × 2 with pay-for-co-parent, × 1 otherwise; subTotal
 *    is the same (there are no other lines);
 * 2. the discount: a percent rounds half up (on the subTotal), an amount is capped at the subTotal;
 *    subTotalAfterDiscount = subTotal − discount;
 * 3. payment (subscription) codes, in the order entered, each covering one package (the package
 *    amount) or a fixed amount, capped by what is left; paymentCodeTotal is their sum;
 * 4. taxes on what is left to pay, per subscription (two equal lines with pay-for-co-parent, so
 *    the VAT of two is exactly twice the VAT of one), each rate rounded half up:
 *    VAT-inclusive prices show the tax part (amount × r / (1 + Σr)) and do not add it;
 *    tax-exclusive prices add it (amount × r);
 * 5. total = subTotalAfterDiscount − paymentCodeTotal (+ the taxes when they are added).
 */

export type Discount =
  | { code: string; description: string; kind: 'PERCENT'; percent: number }
  | { code: string; description: string; kind: 'AMOUNT'; amount: number };

export type PaymentCodeValue =
  | { code: string; kind: 'PACKAGE' }
  | { code: string; kind: 'AMOUNT'; amount: number };

export type PricingInput = {
  currency: CurrencyCode;
  /** A BCP 47 formatting locale (see `moneyLocale`). */
  locale: string;
  /** One subscription of the selected package, in minor units (build-your-own: base + options). */
  packageAmount: number;
  payForCoParent: boolean;
  discount?: Discount | null;
  paymentCodes?: readonly PaymentCodeValue[];
  tax: TaxQuote;
};

/** The discount a coupon gives on `subTotal` (percent rounded half up; amount capped). */
export function discountAmount(discount: Discount, subTotal: number): number {
  if (discount.kind === 'PERCENT') {
    if (!Number.isInteger(discount.percent) || discount.percent < 0 || discount.percent > 100) {
      throw new RangeError('a percent discount is an integer from 0 to 100');
    }
    return Math.min(mulDivRound(subTotal, discount.percent, 100), subTotal);
  }
  assertMinorUnits(discount.amount, 'discount');
  return Math.min(Math.max(discount.amount, 0), subTotal);
}

/** Tax per rate on `amount`, computed per subscription line (`lines` equal parts). */
export function taxPerRate(amount: number, lines: number, tax: TaxQuote): number[] {
  const totalPpm = tax.rates.reduce((sum, rate) => sum + rate.ratePpm, 0);
  const denominator = tax.pricesIncludeTax ? PPM + totalPpm : PPM;
  const parts = splitEvenly(amount, lines);
  return tax.rates.map((rate) =>
    parts.reduce((sum, part) => sum + mulDivRound(part, rate.ratePpm, denominator), 0),
  );
}

export function calculatePricing(input: PricingInput): PricingInfo {
  const { currency, locale, packageAmount, payForCoParent, tax } = input;
  assertMinorUnits(packageAmount, 'packageAmount');
  if (packageAmount < 0) throw new RangeError('packageAmount must not be negative');
  for (const rate of tax.rates) {
    if (!Number.isSafeInteger(rate.ratePpm) || rate.ratePpm < 0 || rate.ratePpm > PPM) {
      throw new RangeError(`tax rate out of range: ${rate.ratePpm} ppm`);
    }
  }
  const format = (minor: number) => formatMoney(minor, currency, locale);
  const subscriptions = payForCoParent ? 2 : 1;

  // 1. Package and subtotal.
  const selectedPackageTotal = packageAmount * subscriptions;
  const subTotal = selectedPackageTotal;

  // 2. Discount.
  const discount = input.discount ? discountAmount(input.discount, subTotal) : 0;
  const subTotalAfterDiscount = subTotal - discount;

  // 3. Payment codes.
  let remaining = subTotalAfterDiscount;
  const paymentCodeDetails: PaymentCodeDetail[] = (input.paymentCodes ?? []).map((code) => {
    const value = code.kind === 'PACKAGE' ? packageAmount : Math.max(code.amount, 0);
    if (code.kind === 'AMOUNT') assertMinorUnits(code.amount, 'payment code amount');
    const applied = Math.min(value, remaining);
    remaining -= applied;
    return { code: code.code, amount: applied, amountFormatted: format(applied) };
  });
  const paymentCodeTotal = subTotalAfterDiscount - remaining;

  // 4. Taxes on what is left to pay.
  const taxable = remaining;
  const perRate = taxPerRate(taxable, subscriptions, tax);
  const taxes: TaxLine[] = tax.rates.map((rate, i) => {
    const amount = perRate[i] ?? 0;
    return {
      kind: rate.kind,
      jurisdiction: rate.jurisdiction,
      ratePercent: ratePercentString(rate.ratePpm),
      amount,
      amountFormatted: format(amount),
      included: tax.pricesIncludeTax,
    };
  });
  const taxAmount = perRate.reduce((sum, amount) => sum + amount, 0);

  // 5. Total.
  const total = tax.pricesIncludeTax ? taxable : taxable + taxAmount;

  return {
    couponDetail:
      input.discount && discount > 0
        ? {
            couponCode: input.discount.code,
            description: input.discount.description,
            discount,
            discountFormatted: format(discount),
            percent: couponPercentFromDiscount(discount, subTotal),
          }
        : null,
    payForCoParent,
    paymentCodeDetails,
    taxes,
    taxId: tax.taxId,
    finalPrice: tax.calculated,
    taxesCalculated: tax.calculated,
    pricesIncludeTax: tax.pricesIncludeTax,
    totals: {
      currencyCode: currency,
      selectedPackageTotal,
      selectedPackageTotalFormatted: format(selectedPackageTotal),
      subTotal,
      subTotalFormatted: format(subTotal),
      subTotalAfterDiscount,
      subTotalAfterDiscountFormatted: format(subTotalAfterDiscount),
      paymentCodeTotal,
      paymentCodeTotalFormatted: format(paymentCodeTotal),
      taxAmount,
      taxAmountFormatted: format(taxAmount),
      total,
      totalFormatted: format(total),
    },
  };
}

/** The VAT/GST part of a VAT-inclusive price (0 for tax-exclusive prices): a package's vatAmount. */
export function includedTaxOf(amount: number, tax: TaxQuote): number {
  if (!tax.pricesIncludeTax) return 0;
  return taxPerRate(amount, 1, tax).reduce((sum, part) => sum + part, 0);
}
