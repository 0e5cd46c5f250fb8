import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, whenLanguageLoaded } from './i18n';

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
