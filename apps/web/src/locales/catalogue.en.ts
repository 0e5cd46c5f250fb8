import { enMessages } from '@coparent/domain';
import main from './en.json';
import { withFeatureCatalogues } from './feature-catalogues';

/**
 * English: in the first load, as the default and the fallback of every other language. The account
 * area adds its own texts when it loads (`catalogue-account-area.en.ts`), every page but the
 * numbered steps its own (`catalogue-other-pages.en.ts`).
 */
export const translation = withFeatureCatalogues(
  main,
  // The invited credentials page adds its own when it loads (catalogue-invite-credentials.en.ts).
  import.meta.glob(['./features/*.en.json', '!./features/inviteCredentials.en.json'], {
    eager: true,
    import: 'default',
  }),
);
export const validation = enMessages;
