import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  firstNameSchema,
  isValidEmail,
  lastNameSchema,
  nameSchema,
  optionalEmailSchema,
  optionalPhoneNumberSchema,
  phoneCodeIdSchema,
  phoneNumberSchema,
  samePhone,
} from './fields.js';
import { cleanName, codePointLength, containsEmoji, containsSpoofingCharacters } from './text.js';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('nameSchema', () => {
  it('accepts a plain name and returns it cleaned', () => {
    expect(nameSchema.parse('  Ana   María  ')).toBe('Ana María');
    expect(nameSchema.parse('O’Brien')).toBe("O'Brien");
    expect(nameSchema.parse('“Bo”')).toBe('"Bo"');
  });

  it('requires a value, with the field key', () => {
    expect(messages(firstNameSchema.safeParse(''))).toEqual(['signup_firstName_error']);
    expect(messages(lastNameSchema.safeParse('   '))).toEqual(['signup_lastName_error']);
    expect(messages(firstNameSchema.safeParse(undefined))).toEqual(['signup_firstName_error']);
    expect(messages(nameSchema.safeParse(''))).toEqual(['required']);
  });

  it('allows exactly 20 characters and refuses 21', () => {
    expect(nameSchema.safeParse('a'.repeat(20)).success).toBe(true);
    expect(messages(nameSchema.safeParse('a'.repeat(21)))).toEqual(['signup_nameLength_error']);
  });

  it('counts accented letters once, however they were typed', () => {
    const decomposed = 'e\u0301'.repeat(20); // é as e + combining acute
    expect(nameSchema.safeParse(decomposed).success).toBe(true);
  });

  it('refuses emojis: Names cannot contain emojis', () => {
    for (const name of ['Ana 😀', '👍🏽', 'Flag 🇲🇽', 'Key 1️⃣', 'Love ❤', 'Fam 👨‍👩‍👧']) {
      expect(messages(nameSchema.safeParse(name))).toContain('signup_nameEmoji_error');
    }
  });

  it('refuses invisible and direction-changing characters and piled-up accents', () => {
    for (const name of ['Ab\u202Efdp.exe', 'A\u200Bna', 'Ana\u{E0041}', 'Ana\u0336\u0337\u0338']) {
      expect(messages(nameSchema.safeParse(name))).toEqual(['signup_nameInvisible_error']);
    }
  });

  it('property: any 1–20 character emoji-free name passes and comes out cleaned', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
          .filter((s) => !containsEmoji(s))
          .filter((s) => !containsSpoofingCharacters(cleanName(s)))
          .filter((s) => {
            const length = codePointLength(cleanName(s));
            return length >= 1 && length <= 20;
          }),
        (name) => {
          const result = nameSchema.safeParse(name);
          expect(result.success).toBe(true);
          expect(result.data).toBe(cleanName(name));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: any name containing an emoji fails with the emoji key', () => {
    const emoji = fc.oneof(
      fc
        .integer({ min: 0x1f300, max: 0x1faff })
        .map((cp) => String.fromCodePoint(cp))
        .filter((c) => /\p{Extended_Pictographic}/u.test(c)),
      fc.constantFrom('😀', '👍🏽', '🇺🇸', '#️⃣', '☺️', '✨', '👩‍💻', '⚽'),
    );
    const letters = fc.string({ unit: fc.constantFrom('a', 'B', 'ñ', ' ', "'"), maxLength: 8 });
    fc.assert(
      fc.property(letters, emoji, letters, (before, e, after) => {
        expect(messages(nameSchema.safeParse(`${before}${e}${after}`))).toContain(
          'signup_nameEmoji_error',
        );
      }),
      { numRuns: 300 },
    );
  });

  it('property: names longer than 20 characters fail', () => {
    const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÁÉÍÓÚáéíóúñÑüÜ-'".split(''));
    fc.assert(
      fc.property(fc.string({ unit: letter, minLength: 21, maxLength: 60 }), (name) => {
        expect(messages(nameSchema.safeParse(name))).toContain('signup_nameLength_error');
      }),
    );
  });
});

describe('emailSchema', () => {
  it('trims and accepts a valid address', () => {
    expect(emailSchema.parse('  ana@example.com \n')).toBe('ana@example.com');
  });

  it('requires a value', () => {
    expect(messages(emailSchema.safeParse(''))).toEqual(['signup_emailRequired_error']);
    expect(messages(emailSchema.safeParse('  '))).toEqual(['signup_emailRequired_error']);
  });

  it('refuses invalid addresses: Invalid email address', () => {
    for (const email of [
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'a b@example.com',
      'ana@@x.com',
    ]) {
      expect(messages(emailSchema.safeParse(email))).toEqual(['signup_email_error']);
    }
  });

  it('refuses an address longer than 254 characters without running the pattern', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(messages(emailSchema.safeParse(long))).toEqual(['signup_email_error']);
  });

  it('stays fast on a long adversarial input', () => {
    const start = performance.now();
    isValidEmail(`${'a.'.repeat(5000)}@${'a-'.repeat(5000)}`);
    optionalEmailSchema.safeParse(`${'a'.repeat(50_000)}!`);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('property: valid emails with surrounding whitespace pass and come out trimmed', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const localPart = fc
      .array(fc.stringMatching(/^[a-zA-Z0-9_+-]{1,10}$/), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join('.'));
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    const email = fc
      .tuple(localPart, fc.array(label, { minLength: 1, maxLength: 3 }), tld)
      .map(([local, labels, top]) => `${local}@${labels.join('.')}.${top}`);
    const space = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), maxLength: 4 });
    fc.assert(
      fc.property(space, email, space, (before, address, after) => {
        const result = emailSchema.safeParse(`${before}${address}${after}`);
        expect(result.success).toBe(true);
        expect(result.data).toBe(address);
        expect(optionalEmailSchema.parse(`${before}${address}${after}`)).toBe(address);
      }),
      { numRuns: 300 },
    );
  });
});

describe('optionalEmailSchema', () => {
  it('accepts empty as "not given" and checks anything else', () => {
    expect(optionalEmailSchema.parse('  ')).toBe('');
    expect(messages(optionalEmailSchema.safeParse('nope'))).toEqual(['signup_email_error']);
  });
});

describe('phoneNumberSchema', () => {
  it('accepts 8 to 15 digits: Must be between 8 and 15 digits', () => {
    expect(phoneNumberSchema.parse('12345678')).toBe('12345678');
    expect(phoneNumberSchema.parse('123456789012345')).toBe('123456789012345');
    expect(messages(phoneNumberSchema.safeParse('1234567'))).toEqual(['signup_phoneNumber_error']);
    expect(messages(phoneNumberSchema.safeParse('1234567890123456'))).toEqual([
      'signup_phoneNumber_error',
    ]);
    expect(messages(phoneNumberSchema.safeParse(''))).toEqual(['signup_phoneNumber_error']);
    expect(messages(phoneNumberSchema.safeParse('555-123-4567'))).toEqual([
      'signup_phoneNumber_error',
    ]);
  });

  it('property: any string of 8–15 digits passes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8,15}$/), (phone) => {
        expect(phoneNumberSchema.safeParse(phone).success).toBe(true);
      }),
    );
  });

  it('property: fewer than 8 or more than 15 digits fails', () => {
    const tooShort = fc.stringMatching(/^[0-9]{0,7}$/);
    const tooLong = fc.stringMatching(/^[0-9]{16,30}$/);
    fc.assert(
      fc.property(fc.oneof(tooShort, tooLong), (phone) => {
        expect(phoneNumberSchema.safeParse(phone).success).toBe(false);
      }),
    );
  });

  it('property: any non-digit character makes it fail', () => {
    const nonDigit = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((c) => !/^[0-9]$/.test(c));
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8,15}$/), nonDigit, fc.nat(), (digits, bad, at) => {
        const i = at % (digits.length + 1);
        const phone = `${digits.slice(0, i)}${bad}${digits.slice(i)}`;
        expect(messages(phoneNumberSchema.safeParse(phone))).toEqual(['signup_phoneNumber_error']);
      }),
    );
  });

  it('optional phone accepts empty', () => {
    expect(optionalPhoneNumberSchema.parse('')).toBe('');
    expect(optionalPhoneNumberSchema.safeParse('123').success).toBe(false);
  });
});

describe('phoneCodeIdSchema and samePhone', () => {
  it('accepts the three phone codes only', () => {
    expect(phoneCodeIdSchema.parse('MEXICO')).toBe('MEXICO');
    expect(messages(phoneCodeIdSchema.safeParse('+1'))).toEqual(['signup_countryCode_error']);
  });

  it('compares code and digits', () => {
    const a = { countryCode: 'US_CANADA', phoneNumber: '5551234567' };
    expect(samePhone(a, { countryCode: 'US_CANADA', phoneNumber: '5551234567' })).toBe(true);
    expect(samePhone(a, { countryCode: 'MEXICO', phoneNumber: '5551234567' })).toBe(false);
    expect(samePhone(a, { countryCode: 'US_CANADA', phoneNumber: '5551234568' })).toBe(false);
    expect(
      samePhone(
        { countryCode: 'US_CANADA', phoneNumber: '' },
        { countryCode: 'US_CANADA', phoneNumber: '' },
      ),
    ).toBe(false);
    expect(samePhone(a, undefined)).toBe(false);
  });
});
