import { DEFAULT_LOCALE, type Locale } from '../constants/locale.js';
import { en, type MessageKey } from './en.js';
import { esMX } from './es-mx.js';

export type { MessageKey } from './en.js';

/** Both validation catalogues, keyed by locale (load them as the i18next `validation` namespace). */
export const validationMessages: Record<Locale, Record<MessageKey, string>> = {
  en,
  'es-MX': esMX,
};

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

export type MessageParams = Record<string, string | number>;

/** Replaces i18next-style `{{name}}` placeholders; unknown placeholders are left as they are. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Translates a message key (falls back to English, then to the key itself). */
export function translateMessage(key: string, locale: Locale, params?: MessageParams): string {
  const catalogue = validationMessages[locale] ?? validationMessages[DEFAULT_LOCALE];
  const text = isMessageKey(key) ? (catalogue[key] ?? en[key]) : key;
  return interpolate(text, params);
}
