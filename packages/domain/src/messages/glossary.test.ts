import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The glossary is the one list of words to avoid; this test reads it rather than repeating it.
function repositoryRoot(dir = process.cwd()): string {
  try {
    statSync(join(dir, 'docs/glossary.md'));
    return dir;
  } catch {
    return repositoryRoot(dirname(dir));
  }
}
const root = repositoryRoot();
const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return files(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The `backticked` words of each table row's last column, under the given heading. */
function neverWords(heading: string): string[] {
  const section = glossary.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|').at(-2) ?? '').matchAll(/`([^`]+)`/g)])
    .map((match) => match[1] ?? '');
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A catalogue's texts: its values, without their keys, `{{placeholders}}` and `<markup>`. */
function catalogueTexts(json: string): string {
  const texts: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(JSON.parse(json));
  return texts.join('\n').replace(/\{\{[^}]*\}\}|<\/?[\w-]+>/g, ' ');
}

function offences(paths: string[], words: string[]) {
  return paths.flatMap((path) => {
    const file = readFileSync(join(root, path), 'utf8');
    // What a person reads: a catalogue's keys and placeholders are the code's names.
    const text = path.endsWith('.json') ? catalogueTexts(file) : file;
    return words
      .filter((word) =>
        new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'iu').test(text),
      )
      .map((word) => `${relative(root, join(root, path))}: ${word}`);
  });
}

const templates = files(
  'apps/server/src/modules/email/templates',
  (name) => !name.includes('.test.'),
);
const spanish = [
  ...files('apps/web/src/locales', (name) => name.endsWith('es-MX.json')),
  ...files('apps/web/src/features/site-pages/content', (name) => name.endsWith('.es-MX.md')),
  'packages/domain/src/messages/es-mx.ts',
  ...templates,
];
const english = [
  ...files('apps/web/src/locales', (name) => name.endsWith('en.json')),
  ...files('apps/web/src/features/site-pages/content', (name) => name.endsWith('.en.md')),
  'packages/domain/src/messages/en.ts',
  ...templates,
];

describe('the glossary (docs/glossary.md)', () => {
  it('lists words to avoid in both languages', () => {
    expect(neverWords('Spanish')).toEqual(expect.arrayContaining(['copadre', 'comadre', 'usted']));
    expect(neverWords('English')).toEqual(expect.arrayContaining(['organise', 'the product']));
    expect(spanish.length).toBeGreaterThan(20);
    expect(english.length).toBeGreaterThan(20);
  });

  it('is followed by every Spanish (Mexico) text: catalogues, messages, emails, site pages', () => {
    expect(offences(spanish, neverWords('Spanish'))).toEqual([]);
  });

  it('is followed by every English text: one spelling (US) and the product by its name', () => {
    expect(offences(english, neverWords('English'))).toEqual([]);
  });
});
