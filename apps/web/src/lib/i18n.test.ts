import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, createI18n, RENDERED_LANGUAGE_ATTRIBUTE, whenLanguageLoaded } from './i18n';

// Only the page's language is loaded before it renders: Spanish is its own chunk.
describe('i18n catalogues', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('is ready at once in English', () => {
    const instance = createI18n('en');
    expect(instance.isInitialized).toBe(true);
    expect(instance.t('header.login')).toBe('Log in');
  });

  it('has the Spanish texts, UI and validation, once the page may render', async () => {
    const instance = createI18n('es-MX');
    await whenLanguageLoaded(instance);
    expect(instance.t('header.login')).toBe('Iniciar sesión');
    expect(instance.t('signup_firstName_error', { ns: 'validation' })).toBe('Ingresa un nombre');
    expect(document.documentElement.lang).toBe('es-MX');
  });

  it('switches from English to Spanish only with the Spanish texts in', async () => {
    const instance = createI18n('en');
    await instance.changeLanguage('es-MX');
    expect(instance.language).toBe('es-MX');
    expect(instance.t('header.login')).toBe('Iniciar sesión');
  });
});

/** Sets a cookie as the page (or the server's answer) would. */
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = value;
}

describe("the page's language", () => {
  afterEach(async () => {
    setCookie('coparent_lang=; Path=/; Max-Age=0');
    document.documentElement.removeAttribute(RENDERED_LANGUAGE_ATTRIBUTE);
    await changeLocale('en');
    setCookie('coparent_lang=; Path=/; Max-Age=0');
    window.localStorage.clear();
  });

  it('is the choice kept in the cookie, which the server reads too', () => {
    setCookie('coparent_lang=es-MX; Path=/');
    expect(createI18n().language).toBe('es-MX');
  });

  it('is the language a server-rendered page was written in, whatever else was chosen', () => {
    setCookie('coparent_lang=es-MX; Path=/');
    document.documentElement.setAttribute(RENDERED_LANGUAGE_ATTRIBUTE, 'en');
    expect(createI18n().language).toBe('en');
  });

  it('is kept in the cookie when the person picks one', async () => {
    await changeLocale('es-MX');
    expect(document.cookie).toContain('coparent_lang=es-MX');
  });
});
