import { describe, expect, it } from 'vitest';
import { InviteStepOneFormSchema, StepOneFormSchema } from './step-one.js';

const valid = {
  firstName: ' Ana ',
  lastName: 'O’Neil',
  email: ' ana@example.com ',
  countryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  knowsCoParentEmail: false,
};

describe('StepOneFormSchema', () => {
  it('parses valid values into cleaned output', () => {
    expect(StepOneFormSchema.parse(valid)).toEqual({
      firstName: 'Ana',
      lastName: "O'Neil",
      email: 'ana@example.com',
      countryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      knowsCoParentEmail: false,
    });
  });

  it('reports each field with its key', () => {
    const result = StepOneFormSchema.safeParse({
      firstName: '',
      lastName: 'x😀',
      email: 'nope',
      countryCode: 'FR',
      phoneNumber: '123',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'signup_firstName_error'],
      ['lastName', 'signup_nameEmoji_error'],
      ['email', 'signup_email_error'],
      ['countryCode', 'signup_countryCode_error'],
      ['phoneNumber', 'signup_phoneNumber_error'],
      ['knowsCoParentEmail', 'signup_knowsCoParentEmail_error'],
    ]);
  });

  it('the invited variant does not ask knowsCoParentEmail', () => {
    const { knowsCoParentEmail: _, ...contact } = valid;
    expect(InviteStepOneFormSchema.safeParse(contact).success).toBe(true);
  });
});
