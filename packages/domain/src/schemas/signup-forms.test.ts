import { describe, expect, it } from 'vitest';
import { familyFormSchema } from './family.js';
import {
  familyFieldsFromForm,
  familyFieldsOfSignup,
  familyFormContextOfSignup,
  familyFormFields,
  isFamilyFormField,
  stepOneFieldsFromForm,
  stepOneFieldsOfSignup,
} from './signup-forms.js';
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

describe('the family form as posted', () => {
  const posted = {
    'coParent.firstName': 'Luis',
    'coParent.lastName': 'Pérez',
    'coParent.email': '',
    'coParent.countryCode': 'MEXICO',
    'coParent.phoneNumber': '5587654321',
    'children.3.firstName': 'Sofía',
    'children.3.lastName': 'Pérez',
    'children.0.firstName': 'Mateo',
    'children.0.lastName': 'Pérez',
    'children.0.email': 'mateo@example.com',
  };

  it('reads the children in the order of their numbers, gaps closed, a missing field empty', () => {
    const fields = familyFieldsFromForm(posted);
    expect(fields.children).toEqual([
      { firstName: 'Mateo', lastName: 'Pérez', email: 'mateo@example.com' },
      { firstName: 'Sofía', lastName: 'Pérez', email: '' },
    ]);
    expect(fields.coParent).toEqual({
      firstName: 'Luis',
      lastName: 'Pérez',
      email: '',
      countryCode: 'MEXICO',
      phoneNumber: '5587654321',
    });
    const context = { parentEmail: 'ana@example.com', knowsCoParentEmail: false };
    expect(familyFormSchema(context).safeParse(fields).success).toBe(true);
  });

  it('writes the values back under the names it reads, so a page answered with them round-trips', () => {
    const fields = familyFieldsFromForm(posted);
    expect(familyFieldsFromForm(familyFormFields(fields))).toEqual(fields);
    expect(Object.keys(familyFormFields(fields))).toContain('children.1.firstName');
  });

  it('knows only its own fields', () => {
    expect(isFamilyFormField('coParent.email')).toBe(true);
    expect(isFamilyFormField('children.12.lastName')).toBe(true);
    expect(isFamilyFormField('children.123.lastName')).toBe(false);
    expect(isFamilyFormField('coParent.email.x')).toBe(false);
    expect(isFamilyFormField('children.0.phoneNumber')).toBe(false);
    expect(isFamilyFormField('familyAction')).toBe(false);
  });

  it('leaves no child and a missing co-parent for the schema to name', () => {
    const fields = familyFieldsFromForm({ 'children.x.firstName': 'A', other: 'b' });
    expect(fields.children).toEqual([]);
    const result = familyFormSchema({ parentEmail: '', knowsCoParentEmail: true }).safeParse(
      fields,
    );
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['coParent.firstName', 'children']));
  });

  it('reads a saved family and the step-1 answers its rules need', () => {
    const signup = {
      parent: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana@example.com',
        phoneCountryCode: 'MEXICO' as const,
        phoneNumber: '5512345678',
      },
      knowsCoParentEmail: false,
      coParent: {
        firstName: 'Luis',
        lastName: 'Pérez',
        email: null,
        phoneCountryCode: 'MEXICO' as const,
        phoneNumber: '5587654321',
      },
      children: [{ firstName: 'Mateo', lastName: 'Pérez', email: null }],
    };
    expect(familyFieldsOfSignup(signup)).toEqual({
      coParent: {
        firstName: 'Luis',
        lastName: 'Pérez',
        email: '',
        countryCode: 'MEXICO',
        phoneNumber: '5587654321',
      },
      children: [{ firstName: 'Mateo', lastName: 'Pérez', email: '' }],
    });
    expect(familyFieldsOfSignup({ coParent: null, children: [] })).toBeUndefined();
    expect(familyFormContextOfSignup(signup)).toEqual({
      parentEmail: 'ana@example.com',
      parentPhone: { countryCode: 'MEXICO', phoneNumber: '5512345678' },
      knowsCoParentEmail: false,
    });
  });
});
