import { readFileSync } from 'node:fs';
import { type CurrencyCode, formatMoney, moneyLocale } from '@coparent/domain';
import type { Language } from './i18n';

// The browser tests read the server's own demo catalog, so a changed price or name changes both
// the screen and the test (docs/pricing.md).

type CatalogPackage = {
  id: number;
  code: string;
  sortOrder: number;
  displayName: Record<Language, string>;
  prices: Partial<Record<CurrencyCode, number>>;
  options?: {
    code: string;
    freeInTreatment: boolean;
    prices: Partial<Record<CurrencyCode, number>>;
  }[];
};

const catalog = JSON.parse(
  readFileSync(new URL('../../apps/server/catalog/packages.json', import.meta.url), 'utf8'),
) as { packages: CatalogPackage[] };

export function catalogPackage(id: number): CatalogPackage {
  const found = catalog.packages.find((pkg) => pkg.id === id);
  if (!found) throw new Error(`No package ${id} in the catalog`);
  return found;
}

export function packageName(id: number, lang: Language): string {
  return catalogPackage(id).displayName[lang];
}

/** An amount as the screen formats it for the language and the visitor's country. */
export function money(minor: number, currency: CurrencyCode, lang: Language, country: string) {
  return formatMoney(minor, currency, moneyLocale(lang, country));
}

export function packagePrice(id: number, currency: CurrencyCode, lang: Language, country: string) {
  const amount = catalogPackage(id).prices[currency];
  if (amount === undefined) throw new Error(`Package ${id} has no ${currency} price`);
  return money(amount, currency, lang, country);
}

export function optionPrice(id: number, code: string, currency: CurrencyCode): number {
  const amount = catalogPackage(id).options?.find((o) => o.code === code)?.prices[currency];
  if (amount === undefined) throw new Error(`Package ${id} has no ${code} price in ${currency}`);
  return amount;
}
