import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecuritySchema } from '../schemas/security.js';
import {
  answerEqualsQuestion,
  cleanSecurityText,
  SECURITY_TEXT_PATTERN,
  securityAnswerSchema,
  securityCodeSchema,
  securityQuestionSchema,
} from './security.js';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

const allowedChar = fc.constantFrom(..."abcxyzABCXYZáéíóúñüÁÉÍÓÚÑÜ0123456789?-,.;'#/:¿¡".split(''));
/** Allowed text with no leading/trailing space (so cleaning keeps its length). */
function allowedText(min: number, max: number) {
  return fc.string({ unit: allowedChar, minLength: min, maxLength: max });
}

describe('security question and answer', () => {
  it('accepts 5 to 100 allowed characters, including Spanish letters', () => {
    expect(securityQuestionSchema.parse('¿Cómo se llamaba tu mascota?')).toBe(
      '¿Cómo se llamaba tu mascota?',
    );
    expect(securityAnswerSchema.parse("O'Brien #12, 3/4: ok; yes. no-")).toBe(
      "O'Brien #12, 3/4: ok; yes. no-",
    );
    expect(securityAnswerSchema.safeParse('a'.repeat(100)).success).toBe(true);
  });

  it('cleans the text: typographic quotes, whitespace, trim', () => {
    expect(cleanSecurityText('  it’s   mine  ')).toBe("it's mine");
  });

  it('refuses fewer than 5 or more than 100 characters', () => {
    expect(messages(securityQuestionSchema.safeParse('abcd'))).toEqual([
      'signup_securityQuestion_error',
    ]);
    expect(messages(securityAnswerSchema.safeParse('a'.repeat(101)))).toEqual([
      'signup_securityAnswer_error',
    ]);
    expect(messages(securityAnswerSchema.safeParse('   abcd   '))).toEqual([
      'signup_securityAnswer_error',
    ]);
  });

  it('refuses characters outside the list', () => {
    for (const text of [
      'hello!',
      'what (is) it',
      'a+b=c d',
      'mail@x.com',
      'say "hi"',
      'smile 😀',
    ]) {
      expect(messages(securityAnswerSchema.safeParse(text))).toContain(
        'signup_securityAnswerCharacters_error',
      );
    }
  });

  it('property: allowed text of 5–100 characters passes', () => {
    fc.assert(
      fc.property(allowedText(5, 100), (text) => {
        expect(securityQuestionSchema.safeParse(text).success).toBe(true);
      }),
    );
  });

  it('property: text shorter than 5 or longer than 100 fails', () => {
    fc.assert(
      fc.property(fc.oneof(allowedText(0, 4), allowedText(101, 200)), (text) => {
        expect(messages(securityAnswerSchema.safeParse(text))).toContain(
          'signup_securityAnswer_error',
        );
      }),
    );
  });

  it('property: a disallowed character makes otherwise valid text fail', () => {
    const disallowed = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((c) => c.trim() !== '' && !SECURITY_TEXT_PATTERN.test(cleanSecurityText(c)));
    fc.assert(
      fc.property(allowedText(5, 90), disallowed, fc.nat(), (text, bad, at) => {
        const i = at % (text.length + 1);
        const value = `${text.slice(0, i)}${bad}${text.slice(i)}`;
        expect(messages(securityQuestionSchema.safeParse(value))).toContain(
          'signup_securityQuestionCharacters_error',
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('security code', () => {
  it('is exactly 4 digits: only4 and onlyNumbers', () => {
    expect(securityCodeSchema.parse('0420')).toBe('0420');
    expect(messages(securityCodeSchema.safeParse('123'))).toEqual(['only4']);
    expect(messages(securityCodeSchema.safeParse('12345'))).toEqual(['only4']);
    expect(messages(securityCodeSchema.safeParse(''))).toEqual(['only4']);
    expect(messages(securityCodeSchema.safeParse('12a4'))).toEqual([
      'signup_securityCodeDigits_error',
    ]);
  });
});

describe('SecuritySchema', () => {
  const valid = {
    securityQuestion: 'Name of my first school',
    securityAnswer: 'Lincoln Elementary',
    securityCode: '1234',
    confirmCode: '1234',
  };

  it('accepts a valid set', () => {
    expect(SecuritySchema.safeParse(valid).success).toBe(true);
  });

  it('refuses an answer equal to the question, case-insensitively', () => {
    const result = SecuritySchema.safeParse({
      ...valid,
      securityAnswer: 'NAME OF MY FIRST SCHOOL ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['securityAnswer'],
        message: 'signup_securityAnswerSame_error',
      }),
    ]);
    expect(answerEqualsQuestion('Perro Fiel', 'perro   fiel')).toBe(true);
  });

  it('refuses a confirmation that differs: codeConfirm', () => {
    const result = SecuritySchema.safeParse({ ...valid, confirmCode: '1235' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmCode'], message: 'codeConfirm' }),
    ]);
  });

  it('property: a 4-digit code with a different confirmation fails', () => {
    const code = fc.stringMatching(/^[0-9]{4}$/);
    fc.assert(
      fc.property(
        fc.tuple(code, code).filter(([a, b]) => a !== b),
        ([securityCode, confirmCode]) => {
          const result = SecuritySchema.safeParse({ ...valid, securityCode, confirmCode });
          expect(result.success).toBe(false);
          expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
            'confirmCode',
            'codeConfirm',
          ]);
        },
      ),
    );
  });
});
