import { i18n } from '../lib/i18n';
import { withFeatureCatalogues } from './feature-catalogues';

/**
 * The English texts of every page but the numbered steps (`features/other-pages/`: checkout, pro,
 * invite, credentials, receipt…): added when one of those pages' routes (or the account area)
 * loads, so the numbered steps' first load does not carry them (JS size budgets, decision 058).
 * Spanish (Mexico) is one chunk with every feature, loaded for Spanish pages only.
 */
export const otherPagesTranslation = withFeatureCatalogues(
  {},
  import.meta.glob('./features/other-pages/*.en.json', { eager: true, import: 'default' }),
);

/** Adds the other pages' English texts to `instance` (idempotent). */
export function addOtherPagesCatalogue(instance = i18n): void {
  instance.addResourceBundle('en', 'translation', otherPagesTranslation, true, false);
}
