import { describe, expect, it } from 'vitest';
import { credentialsSchema } from '../schemas/credentials.js';
import { normalizePassword, PASSWORD_RULES, passwordProblems, passwordSchema } from './password.js';

function messages(value: unknown, ctx = {}) {
  const result = passwordSchema(ctx).safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('passwordSchema', () => {
  it('accepts 12–25 characters with a letter, a number and a special character', () => {
    expect(messages('correct-horse-9')).toEqual([]);
    expect(messages('Añoranza#2024')).toEqual([]);
  });

  it('keeps the password as typed (no trim)', () => {
    expect(passwordSchema().parse(' pass word 12 ')).toBe(' pass word 12 ');
  });

  it('requires a value with a message that names the password', () => {
    expect(messages('')).toEqual(['validPwdNone_error']);
    expect(messages(undefined)).toEqual(['validPwdNone_error']);
  });

  it('checks the length after NFKC: validPwdLength_error', () => {
    expect(messages('abc-1234567')).toEqual(['validPwdLength_error']);
    expect(messages(`a1-${'x'.repeat(23)}`)).toEqual(['validPwdLength_error']);
    // "ﬁ" (one ligature) becomes "fi" (two letters) under NFKC.
    expect(normalizePassword('ﬁ')).toBe('fi');
    expect(messages(`ﬁ${'a'.repeat(9)}-1`)).toEqual([]);
  });

  it('needs a letter, a number and a special character', () => {
    expect(messages('1234567890-=')).toEqual(['validPwdLetter_error']);
    expect(messages('abcdefghij-=')).toEqual(['validPwdNumber_error']);
    expect(messages('abcdefghij12')).toEqual(['validPwdSpecial_error']);
  });

  it('may not equal the username or the email (case-insensitive)', () => {
    expect(messages('Ana.Maria-2024', { username: 'ana.maria-2024' })).toEqual([
      'validPwdDupUsername_error',
    ]);
    expect(messages('ana@example.com1', { email: ' ANA@example.com1 ' })).toEqual([
      'validPwdDupEmail_error',
    ]);
  });

  it('PASSWORD_RULES drive a checklist', () => {
    const state = PASSWORD_RULES.map((rule) => [rule.id, rule.test('abc')]);
    expect(state).toEqual([
      ['length', false],
      ['letter', true],
      ['number', false],
      ['special', false],
    ]);
    expect(passwordProblems('abc')).toEqual([
      'validPwdLength_error',
      'validPwdNumber_error',
      'validPwdSpecial_error',
    ]);
  });
});

describe('credentialsSchema', () => {
  it('checks the password against the username in the form and the email in context', () => {
    const schema = credentialsSchema({ email: 'ana@example.com' });
    expect(schema.safeParse({ username: 'anamaria', password: 'correct-horse-9' }).success).toBe(
      true,
    );
    const same = schema.safeParse({ username: 'secret-pass-12', password: 'secret-pass-12' });
    expect(same.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'validPwdDupUsername_error' }),
    ]);
  });
});
