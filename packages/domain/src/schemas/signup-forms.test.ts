import { describe, expect, it } from 'vitest';
import { stepOneFieldsFromForm } from './signup-forms.js';
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
