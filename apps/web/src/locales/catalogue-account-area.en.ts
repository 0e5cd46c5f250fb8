import { i18n } from '../lib/i18n';
import { withFeatureCatalogues } from './feature-catalogues';

/**
 * The account area's English texts (`features/account-area/`): added to the catalogue when the
 * account area's router loads, so the funnel's first load does not carry them (JS size
 * budgets). Spanish (Mexico) is one chunk with every feature, loaded for Spanish pages only.
 */
export const accountAreaTranslation = withFeatureCatalogues(
  {},
  import.meta.glob('./features/account-area/*.en.json', { eager: true, import: 'default' }),
);

/** Adds the account area's English texts to `instance` (idempotent). */
export function addAccountAreaCatalogue(instance = i18n): void {
  instance.addResourceBundle('en', 'translation', accountAreaTranslation, true, false);
}
