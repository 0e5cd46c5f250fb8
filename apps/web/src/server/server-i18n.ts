import { DEFAULT_LOCALE, LOCALES, type Locale } from '@coparent/domain';
import i18next, { type i18n as I18n } from 'i18next';
import * as english from '@/locales/catalogue.en';
import * as spanish from '@/locales/catalogue.es-MX';
import { inviteCredentialsTranslation } from '@/locales/catalogue-invite-credentials.en';
import { otherPagesTranslation } from '@/locales/catalogue-other-pages.en';

const instances = new Map<Locale, I18n>();

/**
 * The texts a server render uses: every language bundled (a server has no chunks to wait for), one
 * instance per language, shared by every request in it (a render never changes its language).
 */
export function serverI18n(locale: Locale): I18n {
  const known = instances.get(locale);
  if (known) return known;
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: ['translation', 'validation'],
    defaultNS: 'translation',
    resources: {
      en: {
        // The texts the browser adds as a page's route loads are all here from the start.
        translation: {
          ...english.translation,
          ...otherPagesTranslation,
          ...inviteCredentialsTranslation,
        },
        validation: english.validation,
      },
      'es-MX': { translation: spanish.translation, validation: spanish.validation },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  instances.set(locale, instance);
  return instance;
}
