import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants/locale.js';
import {
  DEFAULT_PROFESSIONAL_ROLES,
  isProfessionalRoleOf,
  PROFESSIONAL_ROLE_COUNTRIES,
  PROFESSIONAL_ROLE_LABELS,
  PROFESSIONAL_ROLES,
  PROFESSIONAL_ROLES_BY_COUNTRY,
  professionalRoleIdsFor,
  professionalRolesFor,
} from './professional-roles.js';

const everyList = [
  ...PROFESSIONAL_ROLE_COUNTRIES.map((c) => [c, PROFESSIONAL_ROLES_BY_COUNTRY[c]] as const),
  ['default', DEFAULT_PROFESSIONAL_ROLES] as const,
];

describe('professional roles by country', () => {
  it('has a list for US, CA, GB, IE, AU, NZ and MX', () => {
    expect([...PROFESSIONAL_ROLE_COUNTRIES].sort()).toEqual(
      ['AU', 'CA', 'GB', 'IE', 'MX', 'NZ', 'US'].sort(),
    );
  });

  it.each(everyList)('%s: at least 5 roles, unique ids, "Other" last', (_country, roles) => {
    expect(roles.length).toBeGreaterThanOrEqual(5);
    expect(new Set(roles).size).toBe(roles.length);
    expect(roles.at(-1)).toBe('OTHER');
    for (const id of roles) expect(PROFESSIONAL_ROLES).toContain(id);
  });

  it.each(everyList)(
    '%s: every role has a distinct non-empty name in both languages',
    (_c, roles) => {
      for (const locale of LOCALES) {
        const names = roles.map((id) => PROFESSIONAL_ROLE_LABELS[id][locale]);
        for (const name of names) expect(name.trim()).not.toBe('');
        expect(new Set(names).size).toBe(names.length);
      }
    },
  );

  it('every labelled role is offered somewhere', () => {
    const offered = new Set(everyList.flatMap(([, roles]) => roles));
    for (const id of PROFESSIONAL_ROLES) expect(offered.has(id), id).toBe(true);
  });

  it('names the roles in English and Spanish', () => {
    expect(professionalRolesFor('US', 'en')[0]).toEqual({
      id: 'FAMILY_LAW_ATTORNEY',
      name: 'Family law attorney',
    });
    const mx = professionalRolesFor('MX', 'es-MX');
    expect(mx).toContainEqual({ id: 'FAMILY_LAWYER', name: 'Abogado familiar' });
    expect(mx).toContainEqual({ id: 'FAMILY_COURT_JUDGE', name: 'Juez de lo familiar' });
    expect(mx).toContainEqual({ id: 'PSYCHOLOGY_EXPERT', name: 'Perito en psicología' });
    expect(mx).toContainEqual({ id: 'SOCIAL_WORKER', name: 'Trabajador social' });
  });

  it('has the country-specific professions', () => {
    expect(professionalRoleIdsFor('GB')).toEqual(
      expect.arrayContaining(['SOLICITOR', 'BARRISTER', 'CAFCASS_OFFICER', 'MEDIATOR']),
    );
    expect(professionalRoleIdsFor('AU')).toEqual(
      expect.arrayContaining([
        'FAMILY_LAWYER',
        'INDEPENDENT_CHILDRENS_LAWYER',
        'FAMILY_CONSULTANT',
        'FAMILY_DISPUTE_RESOLUTION_PRACTITIONER',
      ]),
    );
    expect(professionalRoleIdsFor('US')).toEqual(
      expect.arrayContaining([
        'FAMILY_LAW_ATTORNEY',
        'JUDGE',
        'MEDIATOR',
        'CUSTODY_EVALUATOR',
        'GUARDIAN_AD_LITEM',
        'PARENTING_COORDINATOR',
        'THERAPIST',
        'FAMILY_COURT_SERVICES',
        'PARALEGAL',
        'SOCIAL_WORKER',
      ]),
    );
  });

  it('uses the default list for other or missing countries, and accepts any case', () => {
    expect(professionalRoleIdsFor('FR')).toBe(DEFAULT_PROFESSIONAL_ROLES);
    expect(professionalRoleIdsFor(undefined)).toBe(DEFAULT_PROFESSIONAL_ROLES);
    expect(professionalRoleIdsFor(' gb ')).toBe(PROFESSIONAL_ROLES_BY_COUNTRY.GB);
    expect(isProfessionalRoleOf('us', 'MEDIATOR')).toBe(true);
    expect(isProfessionalRoleOf('US', 'SOLICITOR')).toBe(false);
    expect(isProfessionalRoleOf('FR', 'FAMILY_LAWYER')).toBe(true);
  });
});
