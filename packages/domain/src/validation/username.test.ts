import { describe, expect, it } from 'vitest';
import { usernameProblem, usernameSchema } from './username.js';

function messages(value: unknown) {
  const result = usernameSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('usernameSchema', () => {
  it('accepts 6 to 30 allowed characters, trimmed', () => {
    expect(usernameSchema.parse(" ana_m-1.o,b@x' ")).toBe("ana_m-1.o,b@x'");
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });

  it('requires a value: validUsernameNone_error', () => {
    expect(messages('')).toEqual(['validUsernameNone_error']);
    expect(messages(undefined)).toEqual(['validUsernameNone_error']);
  });

  it('needs 6 to 30 characters: validUsernameLength_error', () => {
    expect(messages('abcde')).toEqual(['validUsernameLength_error']);
    expect(messages('a'.repeat(31))).toEqual(['validUsernameLength_error']);
  });

  it('refuses a leading at sign: validUsernameAtSymbol_error', () => {
    expect(messages('@anamaria')).toEqual(['validUsernameAtSymbol_error']);
    expect(messages('ana@maria')).toEqual([]);
  });

  it('refuses other characters: validUsernameRequirement_error', () => {
    for (const name of ['ana maria', 'ana!maria', 'josé_123', 'ana#maria']) {
      expect(messages(name)).toEqual(['validUsernameRequirement_error']);
    }
  });

  it('usernameProblem gives the first problem', () => {
    expect(usernameProblem('')).toBe('validUsernameNone_error');
    expect(usernameProblem('@a')).toBe('validUsernameLength_error');
    expect(usernameProblem('@abcdef')).toBe('validUsernameAtSymbol_error');
    expect(usernameProblem('abc def')).toBe('validUsernameRequirement_error');
    expect(usernameProblem('abcdef')).toBeNull();
  });
});
