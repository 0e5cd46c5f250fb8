import { describe, expect, it } from 'vitest';
import {
  NewPasswordFormSchema,
  RecoveryLookupFormSchema,
  RecoveryLookupRequestSchema,
  recoveryLookupRequest,
  verificationCodeSchema,
} from './recovery.js';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];

describe('recovery lookup', () => {
  it('takes exactly one way', () => {
    expect(RecoveryLookupRequestSchema.safeParse({ email: ' ana@example.com ' }).data).toEqual({
      email: 'ana@example.com',
    });
    expect(
      RecoveryLookupRequestSchema.safeParse({ countryCode: 'MEXICO', phone: '5512345678' }).success,
    ).toBe(true);
    expect(issues(RecoveryLookupRequestSchema.safeParse({}))).toEqual([
      { path: '', message: 'recovery_identityRequired_error' },
    ]);
    expect(
      issues(RecoveryLookupRequestSchema.safeParse({ email: 'a@b.co', username: 'ana_lopez' })),
    ).toEqual([{ path: '', message: 'recovery_identityRequired_error' }]);
    expect(issues(RecoveryLookupRequestSchema.safeParse({ countryCode: 'MEXICO' }))).toEqual([
      { path: 'phone', message: 'signup_phoneNumber_error' },
    ]);
  });

  it('checks only the chosen way of the form, and sends only its fields', () => {
    const form = {
      method: 'phone' as const,
      email: 'not an email',
      username: '',
      countryCode: 'UNITED_KINGDOM',
      phone: '7700900123',
    };
    expect(RecoveryLookupFormSchema.safeParse(form).success).toBe(true);
    expect(recoveryLookupRequest(form)).toEqual({
      countryCode: 'UNITED_KINGDOM',
      phone: '7700900123',
    });
    expect(issues(RecoveryLookupFormSchema.safeParse({ ...form, method: 'email' }))).toEqual([
      { path: 'email', message: 'signup_email_error' },
    ]);
  });
});

describe('verification code and new password', () => {
  it('wants exactly 6 digits', () => {
    expect(verificationCodeSchema.safeParse(' 012345 ').data).toBe('012345');
    for (const bad of ['12345', '1234567', '12a456', '']) {
      expect(verificationCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('wants the confirmation to match', () => {
    expect(
      issues(
        NewPasswordFormSchema.safeParse({ newPassword: 'Quiet-Meadow-97', confirmPassword: 'x' }),
      ),
    ).toEqual([{ path: 'confirmPassword', message: 'recovery_confirmPassword_error' }]);
  });
});
