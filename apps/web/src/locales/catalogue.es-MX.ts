import { esMXMessages } from '@coparent/domain';
import main from './es-MX.json';
import { withFeatureCatalogues } from './feature-catalogues';

/** Spanish (Mexico): its own chunk, loaded only when the page is shown in Spanish (lib/i18n.ts). */
export const translation = withFeatureCatalogues(
  main,
  import.meta.glob(
    [
      './features/*.es-MX.json',
      './features/account-area/*.es-MX.json',
      './features/other-pages/*.es-MX.json',
      './features/site-pages/*.es-MX.json',
    ],
    { eager: true, import: 'default' },
  ),
);
export const validation = esMXMessages;
