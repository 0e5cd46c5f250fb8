import {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LOCALES,
  type Locale,
  resolveLocale,
} from '@coparent/domain';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as english from '../locales/catalogue.en';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

type CatalogueModule = { translation: ResourceKey; validation: ResourceKey };

/**
 * Only the page's language is loaded before it renders (JS size budgets): English is in
 * the first load (the default, and every language's fallback), every other language is a chunk
 * of its own, read by i18next through this backend when it is first needed.
 */
const OTHER_CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<CatalogueModule>> = {
  'es-MX': () => import('../locales/catalogue.es-MX'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = isLocale(language) && language !== 'en' ? OTHER_CATALOGUES[language] : undefined;
    if (!load) {
      callback(new Error(`No catalogue for ${language}`), null);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue[namespace as keyof CatalogueModule] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The attribute a server-rendered page carries on <html>: the language its HTML is written in. */
export const RENDERED_LANGUAGE_ATTRIBUTE = 'data-rendered-lang';

/** Keeps the choice where the server reads it, so the next page it writes is in that language. */
function writeLanguageCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The choice kept in the cookie (made on a page without its script, or on another tab). */
function readLanguageCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${LANGUAGE_COOKIE}=`;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * The language of a page the server wrote (the app takes over in it, or the texts would not
 * match), else the person's choice (the cookie the server reads too, then the device's storage),
 * else the browser language (es* → es-MX), else English.
 */
function detectLocale(): Locale {
  const rendered =
    typeof document === 'undefined'
      ? null
      : document.documentElement.getAttribute(RENDERED_LANGUAGE_ATTRIBUTE);
  if (isLocale(rendered)) return rendered;
  const chosen = readLanguageCookie();
  if (isLocale(chosen)) return chosen;
  const saved = readStorage('local', STORAGE_KEYS.language);
  if (isLocale(saved)) {
    writeLanguageCookie(saved);
    return saved;
  }
  if (typeof navigator !== 'undefined') {
    const preferred = navigator.languages?.[0] ?? navigator.language;
    if (preferred) return resolveLocale(preferred);
  }
  return DEFAULT_LOCALE;
}

export function createI18n(lng: Locale = detectLocale()): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['translation', 'validation'],
      defaultNS: 'translation',
      resources: { en: { translation: english.translation, validation: english.validation } },
      // English is bundled; the backend loads the other languages.
      partialBundledLanguages: true,
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

/**
 * Resolves once the page's language is loaded (at once in English): the first render waits for
 * it, so a Spanish page never shows English texts or keys first. A catalogue that fails to load
 * leaves the English fallback.
 */
export function whenLanguageLoaded(instance: I18n = i18n): Promise<void> {
  if (instance.isInitialized) return Promise.resolve();
  return new Promise((resolve) => instance.on('initialized', () => resolve()));
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Switches the language (once its catalogue is in), remembers the choice and updates <html lang>.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage('local', STORAGE_KEYS.language, locale);
  writeLanguageCookie(locale);
  await i18n.changeLanguage(locale);
}

/** Starts loading the other languages' catalogues (the language menu has the focus). */
export function preloadLocales(): void {
  void i18n.loadLanguages([...LOCALES]);
}
