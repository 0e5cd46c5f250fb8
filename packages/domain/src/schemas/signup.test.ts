import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { familyFormSchema } from './family.js';
import {
  CreateSignupRequestSchema,
  CreateSignupResponseSchema,
  SignupStateSchema,
  UpdateSignupRequestSchema,
} from './signup.js';
import {
  familyFormToRequest,
  familySectionToFormValues,
  stepOneToCreateRequest,
} from './signup-forms.js';
import { zodIssuesToValidationErrors } from './validation-errors.js';

const parent = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phoneCountryCode: 'MEXICO',
  phoneNumber: '5512345678',
};

function errors(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : zodIssuesToValidationErrors(result.error.issues, 'en');
}

describe('CreateSignupRequestSchema', () => {
  it('accepts a NAME section with names only', () => {
    const parsed = CreateSignupRequestSchema.parse({
      sections: ['NAME'],
      parent: { firstName: ' Ana ', lastName: 'Lopez' },
    });
    expect(parsed.parent.firstName).toBe('Ana');
  });

  it('treats blank optional fields in NAME as not given', () => {
    const parsed = CreateSignupRequestSchema.parse({
      sections: ['NAME'],
      parent: { firstName: 'Ana', lastName: 'Lopez', email: '  ', phoneNumber: null },
    });
    expect(parsed.parent.email).toBeUndefined();
    expect(parsed.parent.phoneNumber).toBeUndefined();
  });

  it('accepts a PARENT section with every field', () => {
    const parsed = CreateSignupRequestSchema.parse({
      sections: ['PARENT'],
      parent: { ...parent, email: ' ana@example.com ' },
      knowsCoParentEmail: true,
      parentDuplicateConfirmed: false,
      segmentAnonymousId: 'anon-1',
      segmentIdentify: true,
    });
    expect(parsed.parent.email).toBe('ana@example.com');
  });

  it('reports the PARENT branch errors at dotted paths', () => {
    expect(
      errors(CreateSignupRequestSchema, {
        sections: ['PARENT'],
        parent: { firstName: 'Ana', lastName: 'Lopez', email: 'bad' },
      }),
    ).toEqual([
      { field: 'parent.email', text: 'Invalid email address', type: 'ERROR' },
      { field: 'parent.phoneCountryCode', text: 'Select a country code', type: 'ERROR' },
      {
        field: 'parent.phoneNumber',
        text: 'The phone number must be between 8 and 15 digits',
        type: 'ERROR',
      },
      {
        field: 'knowsCoParentEmail',
        text: "Tell us whether you know your co-parent's email address",
        type: 'ERROR',
      },
    ]);
  });

  it('reports an unknown section at sections', () => {
    expect(errors(CreateSignupRequestSchema, { sections: ['FAMILY'], parent })).toEqual([
      { field: 'sections', text: 'Enter a valid value', type: 'ERROR' },
    ]);
    expect(errors(CreateSignupRequestSchema, 'nonsense')).toEqual([
      { field: 'form', text: 'Enter a valid value', type: 'ERROR' },
    ]);
  });

  it('builds the request from step 1 form values', () => {
    const request = stepOneToCreateRequest(
      {
        firstName: 'Ana',
        lastName: 'Lopez',
        email: 'ana@example.com',
        countryCode: 'MEXICO',
        phoneNumber: '5512345678',
        knowsCoParentEmail: true,
      },
      { segmentAnonymousId: 'anon' },
    );
    expect(CreateSignupRequestSchema.parse(request)).toEqual(request);
  });
});

describe('CreateSignupResponseSchema', () => {
  it('needs a uuid and a key', () => {
    expect(
      CreateSignupResponseSchema.safeParse({
        signupId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        registrationKey: 'abc',
      }).success,
    ).toBe(true);
    expect(
      CreateSignupResponseSchema.safeParse({ signupId: 'x', registrationKey: 'abc' }).success,
    ).toBe(false);
  });
});

describe('UpdateSignupRequestSchema', () => {
  const familyBody = {
    sections: ['FAMILY'],
    coParent: { firstName: 'Bo', lastName: 'Smith', email: 'bo@example.com' },
    children: [{ firstName: 'Kid', lastName: 'Smith' }],
  };

  it('accepts a FAMILY section', () => {
    const parsed = UpdateSignupRequestSchema.parse(familyBody);
    expect(parsed.sections).toEqual(['FAMILY']);
  });

  it('accepts a PARENT section', () => {
    expect(
      UpdateSignupRequestSchema.safeParse({
        sections: ['PARENT'],
        parent,
        knowsCoParentEmail: false,
      }).success,
    ).toBe(true);
  });

  it('reports FAMILY field errors at dotted paths', () => {
    expect(
      errors(UpdateSignupRequestSchema, {
        ...familyBody,
        coParent: { firstName: '', lastName: 'Smith', phoneNumber: '5551234567' },
        children: [{ firstName: 'Kid', lastName: 'Smith', email: 'x' }],
      }),
    ).toEqual([
      { field: 'coParent.firstName', text: 'Enter a first name', type: 'ERROR' },
      { field: 'coParent.phoneCountryCode', text: 'Select a country code', type: 'ERROR' },
      { field: 'children.0.email', text: 'Invalid email address', type: 'ERROR' },
    ]);
  });

  it('needs at least one child', () => {
    expect(errors(UpdateSignupRequestSchema, { ...familyBody, children: [] })).toEqual([
      { field: 'children', text: 'Add at least one child', type: 'ERROR' },
    ]);
  });

  it('round-trips family form values and lets the server run familyFormSchema', () => {
    const form = {
      coParent: {
        firstName: 'Bo',
        lastName: 'Smith',
        email: '',
        countryCode: 'UNITED_KINGDOM' as const,
        phoneNumber: '7700900123',
      },
      children: [{ firstName: 'Kid', lastName: 'Smith', email: 'kid@example.com' }],
    };
    const body = familyFormToRequest(form, { coParentDuplicateConfirmed: false });
    expect(body.coParent).toEqual({
      firstName: 'Bo',
      lastName: 'Smith',
      phoneCountryCode: 'UNITED_KINGDOM',
      phoneNumber: '7700900123',
    });
    const parsed = UpdateSignupRequestSchema.parse(body);
    if (parsed.sections[0] !== 'FAMILY' || !('coParent' in parsed)) throw new Error('FAMILY');
    const values = familySectionToFormValues(parsed);
    expect(values).toEqual(form);
    const checked = familyFormSchema({
      parentEmail: 'kid@example.com',
      knowsCoParentEmail: false,
    }).safeParse(values);
    expect(checked.error?.issues.map((i) => i.path.join('.'))).toEqual(['children.0.email']);
  });
});

describe('SignupStateSchema', () => {
  it('describes the GET answer', () => {
    const state = {
      signupId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      lastCompletedStep: 1,
      parent: { ...parent, phoneCountryCode: 'MEXICO' },
      knowsCoParentEmail: true,
      coParent: null,
      children: [],
      expiresAt: '2025-01-01T00:00:00.000Z',
    };
    expect(SignupStateSchema.parse(state)).toEqual(state);
    expect(SignupStateSchema.safeParse({ ...state, lastCompletedStep: 5 }).success).toBe(false);
  });
});
