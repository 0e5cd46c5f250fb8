import { expect, type Page } from '@playwright/test';
import { catalogPackage } from './catalog';
import { type Language, t } from './i18n';

// The package screens compare one term at a time: a 1-year / 2-year switch above the cards.

/** The switch's link for a term (its name may go on with "save up to …"). */
export function termLink(page: Page, lang: Language, years: 1 | 2) {
  const name = t(lang, years === 2 ? 'packages.term.twoYears' : 'packages.term.oneYear');
  return page
    .getByRole('navigation', { name: t(lang, 'packages.term.label') })
    .getByRole('link', { name: new RegExp(`^${name}`) });
}

/** Shows the cards of a term, as a person clicks the switch. */
export async function showTerm(page: Page, lang: Language, years: 1 | 2) {
  const link = termLink(page, lang, years);
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'true');
}

/** Shows the term a package is sold for (the catalog's code says it: PREM2 is two years). */
export async function showTermOf(page: Page, lang: Language, packageId: number) {
  await showTerm(page, lang, catalogPackage(packageId).code.endsWith('2') ? 2 : 1);
}
