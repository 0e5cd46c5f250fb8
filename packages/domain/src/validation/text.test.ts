import { describe, expect, it } from 'vitest';
import {
  cleanName,
  codePointLength,
  containsEmoji,
  containsSpoofingCharacters,
  digitsOnly,
  emailKey,
  isDigits,
  normalizeQuotes,
  sameEmail,
} from './text.js';

describe('cleanName', () => {
  it('normalises typographic quotes to plain quotes', () => {
    expect(normalizeQuotes('‘’‚‛′ʼ')).toBe("''''''");
    expect(normalizeQuotes('“”„‟″')).toBe('"""""');
    expect(cleanName('D’Angelo')).toBe("D'Angelo");
  });

  it('trims, collapses whitespace and drops control characters', () => {
    expect(cleanName('  Mary \t\n Ann  ')).toBe('Mary Ann');
    expect(cleanName('Jo\u0000hn')).toBe('John');
    expect(cleanName('a\u00a0b')).toBe('a b');
  });

  it('composes accents (NFC)', () => {
    expect(cleanName('Jose\u0301')).toBe('José');
  });
});

describe('containsEmoji', () => {
  it('finds pictographs, flags, keycaps and skin tones', () => {
    for (const s of ['😀', 'a🇲🇽', '1️⃣', '👍🏽', '❤️', '©']) expect(containsEmoji(s)).toBe(true);
  });

  it('leaves letters of every script alone', () => {
    for (const s of ['José', 'Zoë', 'Nguyễn', '李', 'Ольга', "O'Neil-Smith", 'Ana 2']) {
      expect(containsEmoji(s)).toBe(false);
    }
  });
});

describe('containsSpoofingCharacters', () => {
  const hidden: [string, string][] = [
    ['right-to-left override', 'Ab\u202Efdp.exe'],
    ['left-to-right embedding', '\u202AAna'],
    ['pop directional formatting', 'Ana\u202C'],
    ['right-to-left isolate', 'An\u2067a'],
    ['pop directional isolate', 'Ana\u2069'],
    ['zero-width space', 'A\u200Bna'],
    ['zero-width non-joiner', 'A\u200Cna'],
    ['zero-width joiner', 'A\u200Dna'],
    ['left-to-right mark', 'Ana\u200E'],
    ['right-to-left mark', 'Ana\u200F'],
    ['word joiner', 'A\u2060na'],
    ['invisible plus', 'A\u2064na'],
    ['byte-order mark', '\uFEFFAna'],
    ['soft hyphen', 'A\u00ADna'],
    ['Mongolian vowel separator', 'A\u180Ena'],
    ['combining grapheme joiner', 'A\u034Fna'],
    ['Hangul filler', 'A\u3164na'],
    ['variation selector', 'A\uFE00na'],
    ['tag letter', 'Ana\u{E0041}'],
    ['cancel tag', 'Ana\u{E007F}'],
  ];
  it.each(hidden)('finds a %s', (_, name) => {
    expect(containsSpoofingCharacters(name)).toBe(true);
  });

  it('allows two combining marks in a row and refuses three (Zalgo text)', () => {
    expect(containsSpoofingCharacters('Ade\u0323\u0301')).toBe(false);
    expect(containsSpoofingCharacters('Ana\u0301\u0302\u0303')).toBe(true);
    expect(containsSpoofingCharacters(`Z${'\u0336\u0337\u0338'.repeat(5)}algo`)).toBe(true);
  });

  it('leaves the names of real people alone', () => {
    for (const s of [
      'José',
      'Zoë',
      'Nguyễn',
      '李',
      'Ольга',
      "O'Neil-Smith",
      'Ana 2',
      'Ọ̀ṣun',
      'ศรี',
    ]) {
      expect(containsSpoofingCharacters(cleanName(s))).toBe(false);
    }
  });
});

describe('digit and email helpers', () => {
  it('digitsOnly strips every non-digit', () => {
    expect(digitsOnly('+1 (555) 123-4567')).toBe('15551234567');
    expect(digitsOnly('١٢٣')).toBe('');
  });

  it('isDigits is true for ASCII digits only', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12a')).toBe(false);
  });

  it('codePointLength counts astral characters once', () => {
    expect(codePointLength('😀a')).toBe(2);
  });

  it('sameEmail compares trimmed and case-insensitively; empty is never the same', () => {
    expect(sameEmail(' Ana@Example.com ', 'ana@example.COM')).toBe(true);
    expect(sameEmail('ana@example.com', 'ann@example.com')).toBe(false);
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail(null, undefined)).toBe(false);
    expect(emailKey('  A@B.co ')).toBe('a@b.co');
  });
});
