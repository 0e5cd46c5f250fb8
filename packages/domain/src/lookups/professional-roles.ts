import type { Locale } from '../constants/locale.js';

/**
 * The roles a family-law professional picks at registration (step 2). The list depends on the
 * practice's country: each supported country has the professions its family courts
 * work with, under the names used there; every other country gets `DEFAULT_PROFESSIONAL_ROLES`.
 * Role ids are stable keys (stored on the profile); names are localised here. See the README's
 * "Professional roles" decision.
 */

/** Every role id any country offers, with its English and Spanish (Mexico) names. */
export const PROFESSIONAL_ROLE_LABELS = {
  FAMILY_LAW_ATTORNEY: { en: 'Family law attorney', 'es-MX': 'Abogado de derecho familiar' },
  FAMILY_LAWYER: { en: 'Family lawyer', 'es-MX': 'Abogado familiar' },
  SOLICITOR: { en: 'Solicitor', 'es-MX': 'Abogado (solicitor)' },
  BARRISTER: { en: 'Barrister', 'es-MX': 'Abogado litigante (barrister)' },
  CHARTERED_LEGAL_EXECUTIVE: {
    en: 'Chartered legal executive',
    'es-MX': 'Ejecutivo legal colegiado',
  },
  JUDGE: { en: 'Judge / bench officer', 'es-MX': 'Juez o funcionario judicial' },
  FAMILY_COURT_JUDGE: { en: 'Family court judge', 'es-MX': 'Juez de lo familiar' },
  MAGISTRATE: { en: 'Magistrate', 'es-MX': 'Magistrado' },
  REGISTRAR: { en: 'Registrar', 'es-MX': 'Secretario judicial (registrar)' },
  MEDIATOR: { en: 'Family mediator', 'es-MX': 'Mediador familiar' },
  FAMILY_DISPUTE_RESOLUTION_PRACTITIONER: {
    en: 'Family dispute resolution practitioner',
    'es-MX': 'Especialista en resolución de conflictos familiares',
  },
  CUSTODY_EVALUATOR: { en: 'Custody evaluator', 'es-MX': 'Evaluador de custodia' },
  PARENTING_ASSESSOR: {
    en: 'Custody and parenting assessor',
    'es-MX': 'Evaluador de custodia y crianza',
  },
  GUARDIAN_AD_LITEM: { en: 'Guardian ad litem', 'es-MX': 'Tutor ad litem' },
  CHILDRENS_ATTORNEY: { en: "Minor's counsel / child's attorney", 'es-MX': 'Abogado del menor' },
  CHILDRENS_LAWYER: { en: "Children's lawyer", 'es-MX': 'Abogado de los niños' },
  INDEPENDENT_CHILDRENS_LAWYER: {
    en: "Independent children's lawyer",
    'es-MX': 'Abogado independiente de los niños',
  },
  LAWYER_FOR_CHILD: { en: 'Lawyer for the child', 'es-MX': 'Abogado del menor' },
  CAFCASS_OFFICER: {
    en: 'Cafcass officer (family court adviser)',
    'es-MX': 'Oficial de Cafcass (asesor del tribunal familiar)',
  },
  CHILDRENS_GUARDIAN: { en: "Children's guardian", 'es-MX': 'Tutor de los niños' },
  FAMILY_CONSULTANT: { en: 'Family consultant', 'es-MX': 'Consultor familiar' },
  REPORT_WRITER: {
    en: 'Court-appointed report writer (section 47)',
    'es-MX': 'Perito designado por el tribunal (sección 47)',
  },
  PARENTING_COORDINATOR: { en: 'Parenting coordinator', 'es-MX': 'Coordinador de crianza' },
  PSYCHOLOGIST: { en: 'Psychologist', 'es-MX': 'Psicólogo' },
  PSYCHOLOGY_EXPERT: {
    en: 'Court-appointed psychology expert',
    'es-MX': 'Perito en psicología',
  },
  THERAPIST: { en: 'Therapist / counselor', 'es-MX': 'Terapeuta o consejero' },
  SOCIAL_WORKER: { en: 'Social worker', 'es-MX': 'Trabajador social' },
  FAMILY_COURT_SERVICES: {
    en: 'Family court services',
    'es-MX': 'Servicios del tribunal familiar',
  },
  SUPERVISED_VISITATION_PROVIDER: {
    en: 'Supervised visitation provider',
    'es-MX': 'Supervisor de convivencias',
  },
  PUBLIC_MINISTRY_AGENT: {
    en: 'Public Ministry agent (family matters)',
    'es-MX': 'Agente del Ministerio Público en materia familiar',
  },
  CHILD_PROTECTION_ATTORNEY: {
    en: "Children's rights protection office (DIF)",
    'es-MX': 'Procuraduría de Protección de Niñas, Niños y Adolescentes (DIF)',
  },
  CONVIVENCE_CENTER_STAFF: {
    en: 'Family coexistence center staff',
    'es-MX': 'Personal de centro de convivencia familiar',
  },
  PARALEGAL: { en: 'Paralegal', 'es-MX': 'Asistente legal' },
  OTHER: { en: 'Other family-law professional', 'es-MX': 'Otro profesional del derecho familiar' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ProfessionalRole = keyof typeof PROFESSIONAL_ROLE_LABELS;
export const PROFESSIONAL_ROLES = Object.keys(PROFESSIONAL_ROLE_LABELS) as ProfessionalRole[];

/** Countries with a list of their own, in the order the README lists them. */
export const PROFESSIONAL_ROLE_COUNTRIES = ['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'MX'] as const;
export type ProfessionalRoleCountry = (typeof PROFESSIONAL_ROLE_COUNTRIES)[number];

/** Each country's roles, most common first, "Other" last. */
export const PROFESSIONAL_ROLES_BY_COUNTRY: Readonly<
  Record<ProfessionalRoleCountry, readonly ProfessionalRole[]>
> = {
  US: [
    'FAMILY_LAW_ATTORNEY',
    'JUDGE',
    'MEDIATOR',
    'CUSTODY_EVALUATOR',
    'GUARDIAN_AD_LITEM',
    'CHILDRENS_ATTORNEY',
    'PARENTING_COORDINATOR',
    'THERAPIST',
    'FAMILY_COURT_SERVICES',
    'SOCIAL_WORKER',
    'SUPERVISED_VISITATION_PROVIDER',
    'PARALEGAL',
    'OTHER',
  ],
  CA: [
    'FAMILY_LAWYER',
    'JUDGE',
    'MEDIATOR',
    'PARENTING_ASSESSOR',
    'PARENTING_COORDINATOR',
    'CHILDRENS_LAWYER',
    'THERAPIST',
    'SOCIAL_WORKER',
    'FAMILY_COURT_SERVICES',
    'SUPERVISED_VISITATION_PROVIDER',
    'PARALEGAL',
    'OTHER',
  ],
  GB: [
    'SOLICITOR',
    'BARRISTER',
    'CHARTERED_LEGAL_EXECUTIVE',
    'JUDGE',
    'MAGISTRATE',
    'MEDIATOR',
    'CAFCASS_OFFICER',
    'CHILDRENS_GUARDIAN',
    'SOCIAL_WORKER',
    'PSYCHOLOGIST',
    'THERAPIST',
    'PARALEGAL',
    'OTHER',
  ],
  IE: [
    'SOLICITOR',
    'BARRISTER',
    'JUDGE',
    'MEDIATOR',
    'GUARDIAN_AD_LITEM',
    'REPORT_WRITER',
    'PSYCHOLOGIST',
    'SOCIAL_WORKER',
    'THERAPIST',
    'OTHER',
  ],
  AU: [
    'FAMILY_LAWYER',
    'BARRISTER',
    'INDEPENDENT_CHILDRENS_LAWYER',
    'JUDGE',
    'REGISTRAR',
    'FAMILY_CONSULTANT',
    'FAMILY_DISPUTE_RESOLUTION_PRACTITIONER',
    'PSYCHOLOGIST',
    'SOCIAL_WORKER',
    'THERAPIST',
    'SUPERVISED_VISITATION_PROVIDER',
    'PARALEGAL',
    'OTHER',
  ],
  NZ: [
    'FAMILY_LAWYER',
    'BARRISTER',
    'LAWYER_FOR_CHILD',
    'FAMILY_COURT_JUDGE',
    'FAMILY_DISPUTE_RESOLUTION_PRACTITIONER',
    'PSYCHOLOGIST',
    'SOCIAL_WORKER',
    'THERAPIST',
    'OTHER',
  ],
  MX: [
    'FAMILY_LAWYER',
    'FAMILY_COURT_JUDGE',
    'MEDIATOR',
    'PSYCHOLOGY_EXPERT',
    'SOCIAL_WORKER',
    'PUBLIC_MINISTRY_AGENT',
    'CHILD_PROTECTION_ATTORNEY',
    'CONVIVENCE_CENTER_STAFF',
    'THERAPIST',
    'OTHER',
  ],
};

/** Every other country: roles that exist, under these names, in most family-law systems. */
export const DEFAULT_PROFESSIONAL_ROLES: readonly ProfessionalRole[] = [
  'FAMILY_LAWYER',
  'JUDGE',
  'MEDIATOR',
  'PSYCHOLOGIST',
  'SOCIAL_WORKER',
  'THERAPIST',
  'CHILDRENS_LAWYER',
  'PARALEGAL',
  'OTHER',
];

export function isProfessionalRoleCountry(
  countryId: string | null | undefined,
): countryId is ProfessionalRoleCountry {
  return (PROFESSIONAL_ROLE_COUNTRIES as readonly string[]).includes(countryId ?? '');
}

/** The role ids offered in a country (ISO alpha-2, any case); the default list elsewhere. */
export function professionalRoleIdsFor(
  countryId: string | null | undefined,
): readonly ProfessionalRole[] {
  const id = (countryId ?? '').trim().toUpperCase();
  return isProfessionalRoleCountry(id)
    ? PROFESSIONAL_ROLES_BY_COUNTRY[id]
    : DEFAULT_PROFESSIONAL_ROLES;
}

export function isProfessionalRoleOf(
  countryId: string | null | undefined,
  roleId: string,
): boolean {
  return (professionalRoleIdsFor(countryId) as readonly string[]).includes(roleId);
}

export function professionalRoleName(roleId: ProfessionalRole, locale: Locale): string {
  return PROFESSIONAL_ROLE_LABELS[roleId][locale];
}

export type ProfessionalRoleOption = { id: ProfessionalRole; name: string };

/** A country's roles as `{ id, name }` in the locale, in the list's order. */
export function professionalRolesFor(
  countryId: string | null | undefined,
  locale: Locale,
): ProfessionalRoleOption[] {
  return professionalRoleIdsFor(countryId).map((id) => ({
    id,
    name: professionalRoleName(id, locale),
  }));
}
