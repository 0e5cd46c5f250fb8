import { readdirSync, readFileSync } from 'node:fs';

// The browser tests read the app's own catalogues, so one spec runs in English and in Spanish and
// a changed wording changes both the screen and the test.
export const LANGUAGES = ['en', 'es-MX'] as const;
export type Language = (typeof LANGUAGES)[number];

type Catalog = { [key: string]: string | Catalog };

function load(file: string): Catalog {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Catalog;
}

const FEATURES_DIRS = [
  new URL('../../apps/web/src/locales/features/', import.meta.url),
  new URL('../../apps/web/src/locales/features/account-area/', import.meta.url),
  new URL('../../apps/web/src/locales/features/site-pages/', import.meta.url),
  new URL('../../apps/web/src/locales/features/other-pages/', import.meta.url),
];

/**
 * The main catalogue plus each feature's (`features/[<area>/]<name>.<lang>.json` is the key
 * `<name>`).
 */
function catalogue(lang: Language): Catalog {
  const merged = load(`../../apps/web/src/locales/${lang}.json`);
  for (const dir of FEATURES_DIRS) {
    for (const file of readdirSync(dir)) {
      const match = /^([\w-]+)\.([\w-]+)\.json$/.exec(file);
      if (match?.[2] === lang && match[1]) merged[match[1]] = load(new URL(file, dir).href);
    }
  }
  return merged;
}

const ui: Record<Language, Catalog> = { en: catalogue('en'), 'es-MX': catalogue('es-MX') };

function lookup(catalog: Catalog, key: string): string {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No message '${key}'`);
  return node;
}

/** The text a person sees: interpolated, with the catalogue's markup tags removed. */
export function t(lang: Language, key: string, params: Record<string, string> = {}): string {
  return lookup(ui[lang], key)
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
    .replace(/<\/?\w+>/g, '');
}
