import type { TaxQuote, TaxRate } from '@coparent/domain';
import type { TaxCalculator, TaxDestination } from './tax-calculator.js';

/**
 * The default tax port: a table of rates for the countries we sell in (docs/pricing.md, "Taxes").
 * Rates are parts per million. ILLUSTRATIVE: the US rows name a few states that tax digital
 * subscriptions at their state rate (no local rates, no thresholds), and the Canadian PST rows
 * assume the provincial tax applies to the service. Real collection needs a tax service or
 * advice; swap the adapter in config/adapters.ts.
 */
export const TAX_TABLE_VERSION = 'table-2025-04';

const pct = (percentTimes1000: number) => percentTimes1000 * 10; // 9975 → 99750 ppm (9.975%)

/** Prices include VAT/GST here: the tax part is shown, not added. */
const INCLUSIVE: Readonly<Record<string, TaxRate[]>> = {
  GB: [{ kind: 'VAT', ratePpm: pct(20_000), jurisdiction: 'GB' }],
  IE: [{ kind: 'VAT', ratePpm: pct(23_000), jurisdiction: 'IE' }],
  AU: [{ kind: 'GST', ratePpm: pct(10_000), jurisdiction: 'AU' }],
  NZ: [{ kind: 'GST', ratePpm: pct(15_000), jurisdiction: 'NZ' }],
};

/** Mexico: IVA 16% added on top. */
const MX: TaxRate[] = [{ kind: 'IVA', ratePpm: pct(16_000), jurisdiction: 'MX' }];

const gst: TaxRate = { kind: 'GST', ratePpm: pct(5_000), jurisdiction: 'CA' };
const hst = (province: string, percentTimes1000: number): TaxRate[] => [
  { kind: 'HST', ratePpm: pct(percentTimes1000), jurisdiction: `CA-${province}` },
];

/** Canada by province or territory: GST 5%, HST where harmonised, PST/QST on top elsewhere. */
const CANADA: Readonly<Record<string, TaxRate[]>> = {
  AB: [gst],
  BC: [gst, { kind: 'PST', ratePpm: pct(7_000), jurisdiction: 'CA-BC' }],
  MB: [gst, { kind: 'PST', ratePpm: pct(7_000), jurisdiction: 'CA-MB' }],
  NB: hst('NB', 15_000),
  NL: hst('NL', 15_000),
  NS: hst('NS', 14_000),
  NT: [gst],
  NU: [gst],
  ON: hst('ON', 13_000),
  PE: hst('PE', 15_000),
  QC: [gst, { kind: 'QST', ratePpm: pct(9_975), jurisdiction: 'CA-QC' }],
  SK: [gst, { kind: 'PST', ratePpm: pct(6_000), jurisdiction: 'CA-SK' }],
  YT: [gst],
};

/** United States, state sales tax on digital subscriptions (illustrative); 0 elsewhere. */
const US_STATES: Readonly<Record<string, number>> = {
  CT: pct(1_000),
  NY: pct(4_000),
  PA: pct(6_000),
  SD: pct(4_200),
  TN: pct(7_000),
  TX: pct(6_250),
  WA: pct(6_500),
};

function quote(jurisdiction: string, rates: TaxRate[], pricesIncludeTax: boolean): TaxQuote {
  return {
    taxId: `${TAX_TABLE_VERSION}:${jurisdiction}`,
    pricesIncludeTax,
    calculated: true,
    rates,
  };
}

/** Not enough to say yet (US or CA without a region; no country at all). */
const NOT_CALCULATED: TaxQuote = {
  taxId: null,
  pricesIncludeTax: false,
  calculated: false,
  rates: [],
};

export function tableTaxQuote({ country, region }: TaxDestination): TaxQuote {
  const id = (country ?? '').trim().toUpperCase();
  const regionId = (region ?? '').trim().toUpperCase();
  if (id === '') return NOT_CALCULATED;
  const inclusive = INCLUSIVE[id];
  if (inclusive) return quote(id, inclusive, true);
  if (id === 'MX') return quote('MX', MX, false);
  if (id === 'CA') {
    const rates = CANADA[regionId];
    return rates ? quote(`CA-${regionId}`, rates, false) : NOT_CALCULATED;
  }
  if (id === 'US') {
    if (regionId === '') return NOT_CALCULATED;
    const rate = US_STATES[regionId];
    return quote(
      `US-${regionId}`,
      rate ? [{ kind: 'SALES_TAX', ratePpm: rate, jurisdiction: `US-${regionId}` }] : [],
      false,
    );
  }
  // Anywhere else we collect nothing.
  return quote(id, [], false);
}

export function createTableTaxCalculator(): TaxCalculator {
  return { kind: 'table', quote: async (destination) => tableTaxQuote(destination) };
}
