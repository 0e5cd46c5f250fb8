import { describe, expect, it } from 'vitest';
import {
  cleanName,
  codePointLength,
  containsEmoji,
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
