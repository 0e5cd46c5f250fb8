import { readFileSync } from 'node:fs';

// The browser tests read the app's own catalogues, so one spec runs in English and in Spanish and
// a changed wording changes both the screen and the test.
export const LANGUAGES = ['en', 'es-MX'] as const;
export type Language = (typeof LANGUAGES)[number];

type Catalog = { [key: string]: string | Catalog };

function load(file: string): Catalog {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Catalog;
}

const ui: Record<Language, Catalog> = {
  en: load('../../apps/web/src/locales/en.json'),
  'es-MX': load('../../apps/web/src/locales/es-MX.json'),
};

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
