import { describe, expect, it } from 'vitest';
import { ProStepOneSchema, ProStepTwoSchema } from './professional.js';
import { ProStepThreeSchema } from './security.js';

function issues(schema: { safeParse: (v: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success
    ? []
    : (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

const stepOne = {
  title: 'DOCTOR',
  firstName: 'Eva',
  lastName: 'Ruiz',
  credentials: 'PhD',
  email: 'eva@clinic.example',
  phoneCountryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  phoneExtension: '',
  hearAboutUs: 'SEARCH_ENGINE',
};

describe('ProStepOneSchema', () => {
  it('accepts a valid step', () => {
    expect(issues(ProStepOneSchema, stepOne)).toEqual([]);
    expect(issues(ProStepOneSchema, { ...stepOne, title: '', credentials: undefined })).toEqual([]);
  });

  it('requires names, email, phone and hearAboutUs', () => {
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        firstName: '',
        email: '',
        phoneNumber: '12ab',
        hearAboutUs: '',
      }),
    ).toEqual([
      ['firstName', 'signup_firstName_error'],
      ['email', 'signup_emailRequired_error'],
      ['phoneNumber', 'signup_phoneNumber_error'],
      ['hearAboutUs', 'signup_hearAboutUs_error'],
    ]);
  });

  it('phone extension is optional and digits only', () => {
    expect(issues(ProStepOneSchema, { ...stepOne, phoneExtension: '12x' })).toEqual([
      ['phoneExtension', 'signup_phoneExtensionDigits_error'],
    ]);
    expect(issues(ProStepOneSchema, { ...stepOne, phoneExtension: '12345678901' })).toEqual([
      ['phoneExtension', 'signup_phoneExtension_error'],
    ]);
    expect(issues(ProStepOneSchema, { ...stepOne, phoneExtension: '204' })).toEqual([]);
  });

  it('a bench-officer referral needs name and position', () => {
    expect(issues(ProStepOneSchema, { ...stepOne, hearAboutUs: 'BENCH_OFFICER' })).toEqual([
      ['referralBenchOfficerName', 'signup_referralName_error'],
      ['referralBenchOfficerPosition', 'signup_referralPosition_error'],
    ]);
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        hearAboutUs: 'BENCH_OFFICER',
        referralBenchOfficerName: 'Hon. Maria Gonzalez',
        referralBenchOfficerPosition: 'JUDGE',
      }),
    ).toEqual([]);
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        hearAboutUs: 'BENCH_OFFICER',
        referralBenchOfficerName: 'Hon. Maria',
        referralBenchOfficerPosition: 'KING',
      }),
    ).toEqual([['referralBenchOfficerPosition', 'signup_referralPosition_error']]);
  });

  it('a colleague referral needs name and role', () => {
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        hearAboutUs: 'REFERRED_BY_COLLEAGUE',
        referralColleagueName: '   ',
      }),
    ).toEqual([
      ['referralColleagueName', 'signup_referralName_error'],
      ['referralColleagueRole', 'signup_referralColleagueRole_error'],
    ]);
  });

  it('Other needs an explanation of at most 200 characters', () => {
    expect(issues(ProStepOneSchema, { ...stepOne, hearAboutUs: 'OTHER' })).toEqual([
      ['referralOther', 'signup_referralOther_error'],
    ]);
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        hearAboutUs: 'OTHER',
        referralOther: 'x'.repeat(201),
      }),
    ).toEqual([['referralOther', 'signup_referralOtherLength_error']]);
    expect(
      issues(ProStepOneSchema, {
        ...stepOne,
        hearAboutUs: 'OTHER',
        referralOther: 'x'.repeat(200),
      }),
    ).toEqual([]);
  });
});

const stepTwo = {
  practiceName: 'Ruiz Family Law',
  addressLine1: '1 Court Sq',
  addressLine2: '',
  country: 'US',
  city: 'Denver',
  region: 'CO',
  postalCode: '80202',
  timezone: 'America/Denver',
  roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
};

describe('ProStepTwoSchema', () => {
  it('accepts a valid step', () => {
    expect(issues(ProStepTwoSchema, stepTwo)).toEqual([]);
  });

  it('requires practice, address, country, city, region, postal code, time zone and a role', () => {
    expect(
      issues(ProStepTwoSchema, {
        practiceName: '',
        addressLine1: '',
        country: 'US',
        city: '',
        region: '',
        postalCode: '',
        timezone: '',
        roles: [],
      }),
    ).toEqual([
      ['practiceName', 'signup_practiceName_error'],
      ['addressLine1', 'signup_billingAddress_error'],
      ['city', 'signup_city_error'],
      ['timezone', 'signup_timezone_error'],
      ['roles', 'signup_roles_error'],
      ['region', 'signup_region_error'],
      ['postalCode', 'signup_postalCode_error'],
    ]);
  });
});

describe('ProStepTwoSchema roles', () => {
  it("accepts only the chosen country's roles", () => {
    expect(issues(ProStepTwoSchema, { ...stepTwo, roles: ['SOLICITOR'] })).toEqual([
      ['roles', 'signup_rolesCountry_error'],
    ]);
    expect(issues(ProStepTwoSchema, { ...stepTwo, roles: ['ATTORNEY'] })).toEqual([
      ['roles', 'signup_rolesCountry_error'],
    ]);
    const london = {
      ...stepTwo,
      country: 'GB',
      region: 'ENG',
      city: 'London',
      postalCode: 'SW1A 1AA',
      timezone: 'Europe/London',
    };
    expect(
      issues(ProStepTwoSchema, { ...london, roles: ['SOLICITOR', 'CAFCASS_OFFICER'] }),
    ).toEqual([]);
    expect(issues(ProStepTwoSchema, { ...london, roles: ['FAMILY_LAW_ATTORNEY'] })).toEqual([
      ['roles', 'signup_rolesCountry_error'],
    ]);
  });

  it('refuses a repeated role', () => {
    expect(issues(ProStepTwoSchema, { ...stepTwo, roles: ['MEDIATOR', 'MEDIATOR'] })).toEqual([
      ['roles', 'signup_rolesCountry_error'],
    ]);
  });

  it('uses the default list for a country without its own', () => {
    const paris = {
      ...stepTwo,
      country: 'FR',
      region: '',
      city: 'Paris',
      postalCode: '75001',
      timezone: 'Europe/Paris',
    };
    expect(issues(ProStepTwoSchema, { ...paris, roles: ['FAMILY_LAWYER'] })).toEqual([]);
    expect(issues(ProStepTwoSchema, { ...paris, roles: ['CAFCASS_OFFICER'] })).toEqual([
      ['roles', 'signup_rolesCountry_error'],
    ]);
  });
});

describe('ProStepThreeSchema', () => {
  const valid = {
    securityQuestion: '¿Cuál fue tu primera escuela?',
    securityAnswer: 'Benito Juárez',
    securityCode: '2468',
    securityCodeConfirm: '2468',
  };

  it('accepts a valid step', () => {
    expect(issues(ProStepThreeSchema, valid)).toEqual([]);
  });

  it('applies the security rules', () => {
    expect(
      issues(ProStepThreeSchema, {
        securityQuestion: 'abc',
        securityAnswer: 'hello!',
        securityCode: '12a',
        securityCodeConfirm: '9999',
      }),
    ).toEqual([
      ['securityQuestion', 'signup_securityQuestion_error'],
      ['securityAnswer', 'signup_securityAnswerCharacters_error'],
      ['securityCode', 'signup_securityCodeDigits_error'],
      ['securityCode', 'only4'],
      ['securityCodeConfirm', 'codeConfirm'],
    ]);
  });
});
