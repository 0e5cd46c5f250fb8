import { i18n } from '../lib/i18n';
import { withFeatureCatalogues } from './feature-catalogues';

/**
 * The site pages' English texts (`features/site-pages/`: terms, privacy, help, contact, page not
 * found): added when their router loads, so the funnel's first load does not carry them. Spanish
 * (Mexico) is one chunk with every feature, loaded for Spanish pages only.
 */
export const sitePagesTranslation = withFeatureCatalogues(
  {},
  import.meta.glob('./features/site-pages/*.en.json', { eager: true, import: 'default' }),
);

/** Adds the site pages' English texts to `instance` (idempotent). */
export function addSitePagesCatalogue(instance = i18n): void {
  instance.addResourceBundle('en', 'translation', sitePagesTranslation, true, false);
}
