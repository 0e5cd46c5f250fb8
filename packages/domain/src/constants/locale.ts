export const LOCALES = ['en', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The cookie that keeps a visitor's language choice, so the server writes each page in it
 * (readable by the page's script, which sets it when the person picks a language).
 */
export const LANGUAGE_COOKIE = 'coparent_lang';
/** A language choice is kept for a year. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the product locale from a `language` / `Accept-Language` header value.
 * Any Spanish tag (`es`, `es-MX`, `es-419`, `es-ES`…) maps to `es-MX`; everything else to `en`.
 * Quality values are honoured: `en;q=0.5, es;q=0.9` → `es-MX`.
 */
export function resolveLocale(header?: string | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split(/[-_]/)[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}
