import { describe, expect, it } from 'vitest';
import { translation as en } from './catalogue.en';
import { translation as esMX } from './catalogue.es-MX';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keys(child, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function leaves(value: object): string[] {
  return Object.values(value).flatMap((child) =>
    typeof child === 'object' && child !== null ? leaves(child) : [String(child)],
  );
}

describe('UI catalogues', () => {
  it('take each feature catalogue (locales/features/<name>.<locale>.json) as a top-level key', () => {
    expect(Object.keys(en)).toContain('account');
    expect(Object.keys(esMX)).toContain('account');
  });

  it('have the same keys in English and Spanish (Mexico)', () => {
    expect(keys(esMX).sort()).toEqual(keys(en).sort());
  });

  it('have no empty texts and keep the same placeholders', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
    const english = leaves(en);
    const spanish = leaves(esMX);
    for (const text of [...english, ...spanish]) expect(text.trim()).not.toBe('');
    const enByKey = Object.fromEntries(keys(en).map((key, index) => [key, english[index]]));
    const esByKey = Object.fromEntries(keys(esMX).map((key, index) => [key, spanish[index]]));
    for (const key of Object.keys(enByKey)) {
      expect(placeholders(esByKey[key] ?? ''), key).toEqual(placeholders(enByKey[key] ?? ''));
    }
  });
});
