import { describe, expect, it } from 'vitest';
import { en } from '../messages/en.js';
import { esMX } from '../messages/es-mx.js';
import { textablePhoneIssue } from '../validation/phone-type.js';
import { type FamilyFormContext, familyFormSchema, isTextedCoParent } from './family.js';
import { UpdateFamilySectionRequestSchema } from './signup.js';
import {
  familyFieldsFromForm,
  familyFieldsOfSignup,
  familyFormFields,
  familyFormToRequest,
  familySectionToFormValues,
  isFamilyFormField,
} from './signup-forms.js';

// A London landline (Ofcom's drama range), a UK mobile, a US number (fixed line or mobile: the
// type cannot be told) and a Mexican one (the same since Mexico dropped the mobile prefix).
const UK_LANDLINE = '02079460000';
const UK_MOBILE = '07400123456';

const withServerCheck: FamilyFormContext = {
  parentEmail: 'ana@example.com',
  knowsCoParentEmail: false,
  textablePhone: textablePhoneIssue,
};

function coParent(overrides: Record<string, unknown>) {
  return {
    coParent: {
      firstName: 'Bo',
      lastName: 'Smith',
      email: '',
      countryCode: 'UNITED_KINGDOM',
      phoneNumber: '',
      ...overrides,
    },
    children: [{ firstName: 'Kid', lastName: 'Smith', email: '' }],
  };
}

function issues(context: FamilyFormContext, value: unknown) {
  const result = familyFormSchema(context).safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('which co-parent is texted the invitation', () => {
  it('is the one with a phone and no email, or with both when "also text them" is ticked', () => {
    expect(isTextedCoParent({ email: null, phoneNumber: '5512345678' })).toBe(true);
    expect(isTextedCoParent({ email: 'bo@example.com', phoneNumber: '5512345678' })).toBe(false);
    expect(
      isTextedCoParent({ email: 'bo@example.com', phoneNumber: '5512345678', alsoText: true }),
    ).toBe(true);
    expect(isTextedCoParent({ email: 'bo@example.com', phoneNumber: '', alsoText: true })).toBe(
      false,
    );
  });
});

describe('a number that cannot receive texts', () => {
  it('is a landline libphonenumber knows, or not a possible number of its country', () => {
    const check = (countryCode: 'UNITED_KINGDOM' | 'US_CANADA' | 'MEXICO', phoneNumber: string) =>
      textablePhoneIssue({ countryCode, phoneNumber });
    expect(check('UNITED_KINGDOM', UK_LANDLINE)).toBe('signup_coParentPhoneLandline_error');
    expect(check('UNITED_KINGDOM', '1212345678')).toBe('signup_coParentPhoneLandline_error');
    expect(check('UNITED_KINGDOM', UK_MOBILE)).toBeUndefined();
    expect(check('US_CANADA', '2015550123')).toBeUndefined();
    expect(check('MEXICO', '5512345678')).toBeUndefined();
    // Nine digits are not a number in the US, nor eight in Mexico.
    expect(check('US_CANADA', '201555012')).toBe('signup_coParentPhoneNotPossible_error');
    expect(check('MEXICO', '55123456')).toBe('signup_coParentPhoneNotPossible_error');
  });

  it('is refused at the phone when the co-parent is to be texted, and only then', () => {
    expect(issues(withServerCheck, coParent({ phoneNumber: UK_LANDLINE }))).toEqual([
      ['coParent.phoneNumber', 'signup_coParentPhoneLandline_error'],
    ]);
    const both = { email: 'bo@example.com', phoneNumber: UK_LANDLINE };
    expect(issues(withServerCheck, coParent({ ...both, alsoText: true }))).toEqual([
      ['coParent.phoneNumber', 'signup_coParentPhoneLandline_error'],
    ]);
    // Not texted: the phone is kept as given.
    expect(issues(withServerCheck, coParent(both))).toEqual([]);
    expect(issues(withServerCheck, coParent({ phoneNumber: UK_MOBILE }))).toEqual([]);
    // The web's schema has no type metadata: the server's answer shows by the field.
    const { textablePhone: _, ...inTheWeb } = withServerCheck;
    expect(issues(inTheWeb, coParent({ phoneNumber: UK_LANDLINE }))).toEqual([]);
  });

  it('says so in both languages', () => {
    expect(en.signup_coParentPhoneLandline_error).toBe(
      'This looks like a landline number. Enter a mobile number that can receive text messages.',
    );
    expect(esMX.signup_coParentPhoneLandline_error).toBe(
      'Parece un número de teléfono fijo. Ingresa un número de celular que pueda recibir mensajes de texto.',
    );
  });
});

describe('"also text them"', () => {
  it('is unticked unless given, and needs the phone', () => {
    const parsed = familyFormSchema(withServerCheck).parse(coParent({ phoneNumber: UK_MOBILE }));
    expect(parsed.coParent.alsoText).toBeUndefined();
    expect(issues(withServerCheck, coParent({ email: 'bo@example.com', alsoText: true }))).toEqual([
      ['coParent.alsoText', 'signup_coParentAlsoTextPhone_error'],
    ]);
  });

  it('goes to the FAMILY section only when ticked, and comes back from it', () => {
    const ticked = familyFormSchema(withServerCheck).parse(
      coParent({ email: 'bo@example.com', phoneNumber: UK_MOBILE, alsoText: true }),
    );
    const body = familyFormToRequest(ticked);
    expect(body.coParent).toMatchObject({ alsoText: true, phoneNumber: UK_MOBILE });
    expect(UpdateFamilySectionRequestSchema.parse(body).coParent.alsoText).toBe(true);
    expect(familySectionToFormValues(body).coParent.alsoText).toBe(true);
    const unticked = familyFormToRequest({
      ...ticked,
      coParent: { ...ticked.coParent, alsoText: false },
    });
    expect(unticked.coParent).not.toHaveProperty('alsoText');
  });

  it('round-trips through a post without a script: a ticked box is sent, an unticked one is not', () => {
    expect(isFamilyFormField('coParent.alsoText')).toBe(true);
    const posted = familyFieldsFromForm({
      'coParent.phoneNumber': UK_MOBILE,
      'coParent.alsoText': 'on',
    });
    expect(posted.coParent.alsoText).toBe(true);
    expect(familyFormFields(posted)['coParent.alsoText']).toBe('on');
    const unticked = familyFieldsFromForm({ 'coParent.phoneNumber': UK_MOBILE });
    expect(unticked.coParent).not.toHaveProperty('alsoText');
    expect(familyFormFields(unticked)).not.toHaveProperty('coParent.alsoText');
  });

  it('is shown again from the saved signup', () => {
    const saved = {
      coParent: {
        firstName: 'Bo',
        lastName: 'Smith',
        email: 'bo@example.com',
        phoneCountryCode: 'UNITED_KINGDOM' as const,
        phoneNumber: UK_MOBILE,
        alsoText: true,
      },
      children: [{ firstName: 'Kid', lastName: 'Smith', email: null }],
    };
    expect(familyFieldsOfSignup(saved)?.coParent.alsoText).toBe(true);
  });
});
