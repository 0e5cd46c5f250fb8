import type { TaxQuote } from '@coparent/domain';

/** Where the goods go: the billing country (ISO alpha-2) and its region, when known. */
export type TaxDestination = {
  country: string | null;
  region?: string | null;
  postalCode?: string | null;
};

/**
 * The tax port. The pricing engine never looks a rate up: the pricing service asks this port for
 * a quote and hands it to `calculatePricing`. The default answers from a built-in table
 * (table-tax.ts); a tax service (Avalara, TaxJar, Stripe Tax…) can replace it behind the same
 * shape, chosen once in config/adapters.ts.
 */
export type TaxCalculator = {
  /** The built-in table (table-tax.ts) is the only one so far. */
  readonly kind: 'table';
  quote(destination: TaxDestination): Promise<TaxQuote>;
};
