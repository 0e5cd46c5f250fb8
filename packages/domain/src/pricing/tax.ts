import { z } from 'zod';

/**
 * Tax as the pricing engine sees it. The engine never looks a rate up: the server's tax port
 * (apps/server/src/adapters/tax) answers a `TaxQuote` for a country and region, and the engine
 * applies it. Rates are integer parts per million (20% = 200000, QST 9.975% = 99750), so no rate
 * is ever a float.
 */

export const TAX_KINDS = ['VAT', 'GST', 'HST', 'PST', 'QST', 'IVA', 'SALES_TAX'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

export const PPM = 1_000_000;

export type TaxRate = {
  kind: TaxKind;
  /** Parts per million of the taxable amount (20% = 200000). */
  ratePpm: number;
  /** Where the rate comes from: 'GB', 'CA-QC', 'US-TX'… */
  jurisdiction: string;
};

export type TaxQuote = {
  /** Identifies the rates used (sent back at payment so the server can check what was shown). */
  taxId: string | null;
  /**
   * VAT/GST-inclusive prices (GB, IE, AU, NZ): the tax part is shown, never added.
   * Tax-exclusive prices (US, CA, MX): the tax is added on top.
   */
  pricesIncludeTax: boolean;
  /** False when the destination is not precise enough yet (US or CA without a region). */
  calculated: boolean;
  rates: TaxRate[];
};

/** No tax: an exclusive quote with no rates (countries where we collect nothing). */
export const NO_TAX: TaxQuote = {
  taxId: null,
  pricesIncludeTax: false,
  calculated: true,
  rates: [],
};

/** 99750 → '9.975'; 200000 → '20'. Exact (string arithmetic). */
export function ratePercentString(ratePpm: number): string {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError('rate must be ≥ 0 ppm');
  // ppm / 10000 = percent: four decimal places.
  const padded = String(ratePpm).padStart(5, '0');
  const whole = padded.slice(0, -4);
  const fraction = padded.slice(-4).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The wording a package uses for its tax line: 'VAT' (ids 2061 and 2063) or 'TAX'. */
export const TAX_WORDINGS = ['VAT', 'TAX'] as const;
export type TaxWording = (typeof TAX_WORDINGS)[number];

export const TaxLineSchema = z.object({
  kind: z.enum(TAX_KINDS),
  jurisdiction: z.string(),
  /** The rate as a percent string, exact ('9.975'). */
  ratePercent: z.string(),
  /** The tax in minor units. */
  amount: z.number().int(),
  amountFormatted: z.string(),
  /** True when the amount is included in the price (VAT/GST shown), false when added. */
  included: z.boolean(),
});
export type TaxLine = z.infer<typeof TaxLineSchema>;
