import { describe, expect, it } from 'vitest';
import { stepOneFieldsFromForm, stepOneFieldsOfSignup } from './signup-forms.js';
import { StepOneFormSchema } from './step-one.js';

describe('stepOneFieldsFromForm', () => {
  it('reads a posted step 1 as the values its schema checks', () => {
    const fields = stepOneFieldsFromForm({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      countryCode: 'MEXICO',
      phoneNumber: '5512345678',
      knowsCoParentEmail: 'no',
    });
    expect(fields).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      countryCode: 'MEXICO',
      phoneNumber: '5512345678',
      knowsCoParentEmail: false,
    });
    expect(StepOneFormSchema.safeParse(fields).success).toBe(true);
  });

  it('leaves out an unanswered question and what is not text, so the schema names them', () => {
    const fields = stepOneFieldsFromForm({
      firstName: ['Ana', 'Eva'],
      email: 'ana@example.com',
      knowsCoParentEmail: 'maybe',
    });
    expect(fields).toEqual({ email: 'ana@example.com' });
    const result = StepOneFormSchema.safeParse(fields);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'knowsCoParentEmail']));
  });
});

describe('stepOneFieldsOfSignup', () => {
  it("reads a saved signup's step 1 as the form's values, leaving out what was never given", () => {
    const parent = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phoneCountryCode: 'MEXICO' as const,
      phoneNumber: '5512345678',
    };
    const fields = stepOneFieldsOfSignup({ parent, knowsCoParentEmail: true });
    expect(StepOneFormSchema.safeParse(fields).success).toBe(true);
    expect(fields).toMatchObject({ countryCode: 'MEXICO', knowsCoParentEmail: true });
    expect(
      stepOneFieldsOfSignup({
        parent: { ...parent, email: null, phoneCountryCode: null, phoneNumber: null },
        knowsCoParentEmail: null,
      }),
    ).toEqual({ firstName: 'Ana', lastName: 'Ruiz' });
  });
});
