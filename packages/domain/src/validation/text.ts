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
 * Characters that change how a name reads without being seen: format characters (bidirectional
 * controls such as U+202E, which can turn `Abfdp.exe` around; zero-width spaces and joiners; the
 * soft hyphen; the byte-order mark; tag characters) and every other default-ignorable code point
 * (variation selectors, Hangul fillers, the Mongolian vowel separator...).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** The most combining marks allowed in a row (a letter with two accents); more is "Zalgo" text. */
export const MAX_COMBINING_MARKS_IN_A_ROW = 2;
const COMBINING_MARK_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS_IN_A_ROW + 1}}`, 'u');

/**
 * True when a name could display as something other than what it is: it holds an invisible or
 * direction-changing character, or a pile of combining marks. Check after `cleanName` (NFC has
 * composed the accents that have a single code point).
 */
export function containsSpoofingCharacters(value: string): boolean {
  return INVISIBLE.test(value) || COMBINING_MARK_RUN.test(value);
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
