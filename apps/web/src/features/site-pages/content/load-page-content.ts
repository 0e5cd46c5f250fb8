import { DEFAULT_LOCALE, type Locale } from '@coparent/domain';

/** The pages whose text is a content file here: `<page>.<locale>.md`. */
export type ContentPage = 'terms' | 'privacy' | 'help';

// One chunk per file: a page loads only its own text, in its own language.
const FILES = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default' });

/** The page's text in `locale`, or in English when that language has no file of its own. */
export function loadPageContent(page: ContentPage, locale: Locale): Promise<string> {
  const load = FILES[`./${page}.${locale}.md`] ?? FILES[`./${page}.${DEFAULT_LOCALE}.md`];
  if (!load) return Promise.reject(new Error(`No content file for ${page}`));
  return load();
}
