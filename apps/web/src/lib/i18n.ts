import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  resolveLocale,
  validationMessages,
} from '@coparent/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import esMX from '../locales/es-MX.json';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

type Catalogue = Record<string, unknown>;

/**
 * A feature's own catalogue, `locales/features/<name>.<locale>.json`, is the top-level key
 * `<name>` of the UI messages: features added side by side never edit one shared file.
 */
const FEATURE_CATALOGUES = import.meta.glob<Catalogue>('../locales/features/*.json', {
  eager: true,
  import: 'default',
});

export function featureCatalogues(locale: Locale): Catalogue {
  const merged: Catalogue = {};
  for (const [path, catalogue] of Object.entries(FEATURE_CATALOGUES)) {
    const match = /\/([\w-]+)\.([\w-]+)\.json$/.exec(path);
    if (match?.[2] === locale && match[1]) merged[match[1]] = catalogue;
  }
  return merged;
}

export const UI_MESSAGES: Record<Locale, Catalogue> = {
  en: { ...en, ...featureCatalogues('en') },
  'es-MX': { ...esMX, ...featureCatalogues('es-MX') },
};

/** The person's saved choice, else the browser language (es* → es-MX), else English. */
export function detectLocale(): Locale {
  const saved = readStorage('local', STORAGE_KEYS.language);
  if (isLocale(saved)) return saved;
  if (typeof navigator !== 'undefined') {
    const preferred = navigator.languages?.[0] ?? navigator.language;
    if (preferred) return resolveLocale(preferred);
  }
  return DEFAULT_LOCALE;
}

export function createI18n(lng: Locale = detectLocale()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: ['translation', 'validation'],
    defaultNS: 'translation',
    resources: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        { translation: UI_MESSAGES[locale], validation: validationMessages[locale] },
      ]),
    ),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  return instance;
}

export const i18n = createI18n();

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the language, remembers the choice and updates <html lang>. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage('local', STORAGE_KEYS.language, locale);
  await i18n.changeLanguage(locale);
}
