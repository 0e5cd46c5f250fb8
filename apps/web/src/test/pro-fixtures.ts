import {
  COUNTRIES_WITH_REGIONS,
  type Locale,
  listBenchOfficers,
  listColleagueRoles,
  listCountries,
  listPhoneCodes,
  listProReferralSources,
  listTitles,
  PROFESSIONAL_ROLE_COUNTRIES,
  type ProfessionalLookupsResponse,
  type ProfessionalUser,
  professionalRolesFor,
  regionsFor,
  timeZonesFor,
} from '@coparent/domain';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type ProState, useProStore } from '../features/pro/pro-store';
import { type MockReply, on, type RecordedCall } from './fetch-mock';

/** The lookups as the server builds them (the same domain lists). */
export function proLookups(locale: Locale = 'en'): ProfessionalLookupsResponse {
  return {
    titles: listTitles(locale),
    benchOfficers: listBenchOfficers(locale),
    colleagueRoles: listColleagueRoles(locale),
    countries: listCountries(locale),
    countryCodes: listPhoneCodes(locale),
    referralSources: listProReferralSources(locale),
    regions: Object.fromEntries(COUNTRIES_WITH_REGIONS.map((c) => [c, regionsFor(c, locale)])),
    rolesByCountry: Object.fromEntries([
      ...PROFESSIONAL_ROLE_COUNTRIES.map((c) => [c, professionalRolesFor(c, locale)]),
      ['DEFAULT', professionalRolesFor(undefined, locale)],
    ]),
    defaultCountry: 'US',
    defaultCountryCode: 'US_CANADA',
  };
}

const localeOf = (call: RecordedCall): Locale =>
  call.headers.language === 'es-MX' ? 'es-MX' : 'en';

export const onProLookups = () =>
  on('GET', '/v2/professional/lookups', (call) => ({ body: proLookups(localeOf(call)) }));

export const onProTimeZones = () =>
  on('GET', /^\/v2\/professional\/lookups\/countries\/\w+\/timezones/, (call) => {
    const url = new URL(call.url, 'http://localhost');
    const country = url.pathname.split('/')[5] ?? '';
    const region = url.searchParams.get('region') ?? undefined;
    return { body: timeZonesFor(country, region, localeOf(call)) };
  });

const bodyStep = (call: RecordedCall) => (call.body as { step?: number } | undefined)?.step;

/** Answers the validator: `replies[step]` for that step, 200 `{ valid: true }` otherwise. */
export const onProValidator = (replies: Partial<Record<1 | 2 | 3, MockReply>> = {}) =>
  on('POST', '/v2/professional/users/validator', (call) => {
    const step = bodyStep(call) as 1 | 2 | 3;
    return replies[step] ?? { body: { valid: true } };
  });

export const PRO_VALUES = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana.pro@example.com',
  phoneNumber: '5551234567',
  practiceName: 'García Family Law',
  addressLine1: '100 Main Street',
  city: 'San Francisco',
  postalCode: '94105',
  securityQuestion: 'What was my first school?',
  securityAnswer: 'Lincoln Elementary',
  securityCode: '1234',
} as const;

export const PRO_USER: ProfessionalUser = {
  userId: '8d1c6f5e-2b7a-4c3d-9e1f-0a2b3c4d5e6f',
  name: { firstName: PRO_VALUES.firstName, lastName: PRO_VALUES.lastName },
  title: { id: 'DOCTOR', name: 'Dr.' },
  credentials: 'JD',
  email: PRO_VALUES.email,
  practiceName: PRO_VALUES.practiceName,
  phone: {
    countryCode: 'US_CANADA',
    dialCode: '+1',
    number: PRO_VALUES.phoneNumber,
    extension: '12',
  },
  country: { id: 'US', name: 'United States' },
  region: { id: 'CA', name: 'California' },
  timezone: { id: 'America/Los_Angeles', name: 'Pacific Time (Los Angeles)' },
  roles: [
    { id: 'FAMILY_LAW_ATTORNEY', name: 'Family law attorney' },
    { id: 'MEDIATOR', name: 'Family mediator' },
  ],
};

export const onProCreate = (...replies: MockReply[]) => {
  let attempt = 0;
  return on('POST', '/v2/professional/users', () => {
    const reply = replies[Math.min(attempt, replies.length - 1)] ?? {
      status: 201,
      body: { user: PRO_USER },
    };
    attempt += 1;
    return reply;
  });
};

const STEP_ONE_DRAFT = {
  title: 'DOCTOR',
  firstName: PRO_VALUES.firstName,
  lastName: PRO_VALUES.lastName,
  credentials: 'JD',
  email: PRO_VALUES.email,
  phoneCountryCode: 'US_CANADA',
  phoneNumber: PRO_VALUES.phoneNumber,
  phoneExtension: '12',
  hearAboutUs: 'SEARCH_ENGINE',
};

const STEP_TWO_DRAFT = {
  practiceName: PRO_VALUES.practiceName,
  addressLine1: PRO_VALUES.addressLine1,
  addressLine2: '',
  country: 'US',
  city: PRO_VALUES.city,
  region: 'CA',
  postalCode: PRO_VALUES.postalCode,
  timezone: 'America/Los_Angeles',
  roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
};

/** A registration that has reached `phase` with the earlier steps accepted by the server. */
export function seedPro(phase: 'TWO' | 'THREE' | 'ERROR', extra: Partial<ProState> = {}) {
  useProStore.setState({
    phase,
    accepted: phase === 'TWO' ? [true, false, false] : [true, true, false],
    stepOne: STEP_ONE_DRAFT,
    ...(phase === 'TWO' ? {} : { stepTwo: STEP_TWO_DRAFT }),
    startedAt: '2025-01-15T10:00:00.000Z',
    ...extra,
  });
}

export async function fillProStepOne(user: UserEvent, email: string = PRO_VALUES.email) {
  await user.selectOptions(screen.getByRole('combobox', { name: /^Title/ }), 'Dr.');
  await user.type(screen.getByRole('textbox', { name: 'First name' }), PRO_VALUES.firstName);
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), PRO_VALUES.lastName);
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), email);
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), PRO_VALUES.phoneNumber);
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'How did you hear about us?' }),
    'Search engine',
  );
}

export async function fillProStepThree(user: UserEvent) {
  await user.type(
    screen.getByRole('textbox', { name: 'Security question' }),
    PRO_VALUES.securityQuestion,
  );
  await user.type(screen.getByRole('textbox', { name: 'Answer' }), PRO_VALUES.securityAnswer);
  await user.type(
    screen.getByRole('textbox', { name: '4-digit security code' }),
    PRO_VALUES.securityCode,
  );
  await user.type(
    screen.getByRole('textbox', { name: 'Confirm the security code' }),
    PRO_VALUES.securityCode,
  );
}

/** Simulates a reload: the in-memory store is rebuilt from what sessionStorage holds. */
export async function reloadProFromStorage() {
  const saved = window.sessionStorage.getItem('coparent.pro');
  useProStore.setState(useProStore.getInitialState(), true);
  if (saved) window.sessionStorage.setItem('coparent.pro', saved);
  else window.sessionStorage.removeItem('coparent.pro');
  await useProStore.persist.rehydrate();
}
