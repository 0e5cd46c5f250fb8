import { describe, expect, it } from 'vitest';
import { credentialsSchema } from '../schemas/credentials.js';
import { PASSWORD_RULES } from './password.js';
import {
  COMMON_PASSWORDS,
  isCommonPassword,
  passwordSkeleton,
  passwordStrengthProblems,
} from './password-strength.js';

describe('passwordStrengthProblems', () => {
  it('bundles only passwords that pass the spec rules (no dead entries)', () => {
    for (const password of COMMON_PASSWORDS) {
      expect(
        PASSWORD_RULES.every((rule) => rule.test(password)),
        password,
      ).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses 'Password123!' and its variants, with the common-password key", () => {
    for (const password of [
      'Password123!',
      'password123!',
      'P@$$w0rd-2024',
      'Passw0rd2025!!',
      'Summer2025!!',
      'Qwerty123456!',
      'iloveyou-1234',
    ]) {
      expect(passwordStrengthProblems(password), password).toEqual(['validPwdCommon_error']);
    }
    expect(passwordSkeleton('P@$$w0rd-2024')).toBe('password');
  });

  it('refuses passwords containing the username, the email local part or the product name', () => {
    const ctx = { username: 'anamaria', email: 'ana.lopez@example.com' };
    expect(passwordStrengthProblems('AnaMaria#2024x', ctx)).toEqual([
      'validPwdContainsUsername_error',
    ]);
    expect(passwordStrengthProblems('x-Ana.Lopez-77', ctx)).toEqual([
      'validPwdContainsEmail_error',
    ]);
    expect(passwordStrengthProblems('My CoParentHub 9!', ctx)).toEqual([
      'validPwdContainsProduct_error',
    ]);
  });

  it('accepts strong passwords and ignores very short email local parts', () => {
    expect(passwordStrengthProblems('Tr0ub4dor&3x', { username: 'anamaria' })).toEqual([]);
    expect(passwordStrengthProblems('correct-horse-9', { email: 'al@example.com' })).toEqual([]);
    expect(passwordStrengthProblems('al-correct-horse-9', { email: 'al@example.com' })).toEqual([]);
  });

  it('reports nothing until the spec rules pass (one thing at a time)', () => {
    expect(passwordStrengthProblems('password')).toEqual([]);
  });

  it('credentialsSchema reports why a password is refused', () => {
    const schema = credentialsSchema({ email: 'ana.lopez@example.com' });
    const result = schema.safeParse({ username: 'anamaria', password: 'Password123!' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validPwdCommon_error']);
  });
});
