/** Pure text helpers shared by the field rules. No zod here. */

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u02BC]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;
/** Control characters other than whitespace (whitespace is collapsed instead). */
const CONTROL_CHARS = /[^\P{Cc}\s]/gu;
const WHITESPACE_RUN = /\s+/g;

/** Replaces typographic quotes with plain ones: ‘ ’ ‚ ‛ ′ ʼ → ', “ ” „ ‟ ″ → ". */
export function normalizeQuotes(value: string): string {
  return value.replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
}

/**
 * Cleans a person's name before validation and before it is sent: typographic quotes become plain
 * quotes, runs of whitespace (tabs, new lines, non-breaking spaces) become one space, control
 * characters are dropped, and the ends are trimmed. Text is also put in NFC so that an accented
 * letter typed as letter + combining mark counts as one character.
 */
export function cleanName(value: string): string {
  return normalizeQuotes(value)
    .normalize('NFC')
    .replace(CONTROL_CHARS, '')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * Emoji detection: any Extended_Pictographic code point (which also covers ©, ® and ™), emoji
 * skin-tone modifiers, regional-indicator letters (flags), the keycap mark and the emoji
 * presentation selector (U+FE0F).
 */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u20E3|\uFE0F/u;

export function containsEmoji(value: string): boolean {
  return EMOJI.test(value);
}

/** Strips every character that is not an ASCII digit (inputs use it so only digits can be typed). */
export function digitsOnly(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** True when the value is non-empty and made of ASCII digits only. */
export function isDigits(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

/** Length in Unicode code points (an emoji or astral letter counts once, not twice). */
export function codePointLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Comparison key for emails: trimmed and lower-cased. */
export function emailKey(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** Same email by trimmed, case-insensitive comparison; two empty values are not "the same". */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = emailKey(a);
  return left !== '' && left === emailKey(b);
}
