import { describe, expect, it } from 'vitest';
import { translation as joinEnglish } from './catalogue.en';
import { translation as esMX } from './catalogue.es-MX';
import { accountAreaTranslation } from './catalogue-account-area.en';
import { inviteCredentialsTranslation } from './catalogue-invite-credentials.en';
import { otherPagesTranslation } from './catalogue-other-pages.en';
import { sitePagesTranslation } from './catalogue-site-pages.en';
import firstLoadMain from './en.json';

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

// Every English text: the first load's catalogue plus the account area's, the site pages', the
// invited credentials page's own and the other pages' (every page but the numbered steps).
const en = {
  ...joinEnglish,
  ...otherPagesTranslation,
  ...accountAreaTranslation,
  ...sitePagesTranslation,
  ...inviteCredentialsTranslation,
};

describe('UI catalogues', () => {
  it('take each feature catalogue (locales/features/<name>.<locale>.json) as a top-level key', () => {
    expect(Object.keys(joinEnglish)).toContain('invitePayment');
    expect(Object.keys(esMX)).toContain('invitePayment');
    expect(Object.keys(esMX)).toContain('account');
  });

  it('leave the account area’s English texts out of the first load', () => {
    expect(Object.keys(joinEnglish)).not.toContain('account');
    expect(Object.keys(joinEnglish)).not.toContain('recover');
    expect(Object.keys(accountAreaTranslation)).toEqual(
      expect.arrayContaining(['account', 'accountHome', 'recover', 'cases']),
    );
  });

  it('leave the site pages’ English texts out of the first load', () => {
    expect(Object.keys(joinEnglish)).not.toContain('sitePages');
    expect(Object.keys(sitePagesTranslation)).toEqual(['sitePages']);
    expect(Object.keys(esMX)).toContain('sitePages');
  });

  it('leave the invited credentials page’s English texts out of the first load', () => {
    expect(Object.keys(joinEnglish)).not.toContain('inviteCredentials');
    expect(Object.keys(inviteCredentialsTranslation)).toEqual(['inviteCredentials']);
    expect(Object.keys(esMX)).toContain('inviteCredentials');
  });

  it('leave the texts of the pages that are not numbered steps out of the first load', () => {
    // The catalogue itself: the test setup adds these texts to the app's instance, which extends it.
    expect(Object.keys(firstLoadMain)).not.toContain('checkout');
    expect(Object.keys(otherPagesTranslation)).toEqual(
      expect.arrayContaining(['checkout', 'pro', 'invite', 'credentials', 'receipt']),
    );
    expect(Object.keys(esMX)).toContain('checkout');
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
