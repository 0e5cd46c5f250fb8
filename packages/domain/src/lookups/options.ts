import {
  BENCH_OFFICERS,
  type BenchOfficer,
  COLLEAGUE_ROLES,
  type ColleagueRole,
  PARENT_REFERRALS,
  type ParentReferral,
  PRO_REFERRAL_SOURCES,
  type ProReferralSource,
  TITLES,
  type Title,
} from '../constants/enums.js';
import type { Locale } from '../constants/locale.js';
import { PHONE_CODE_IDS, PHONE_CODES, type PhoneCodeId } from '../constants/phone-codes.js';

type Labels<T extends string> = Record<Locale, Record<T, string>>;

export const TITLE_LABELS: Labels<Title> = {
  en: { MR: 'Mr.', MS: 'Ms.', MRS: 'Mrs.', HONORABLE: 'Honorable', DOCTOR: 'Dr.' },
  'es-MX': { MR: 'Sr.', MS: 'Srta.', MRS: 'Sra.', HONORABLE: 'Honorable', DOCTOR: 'Dr.' },
};

export const BENCH_OFFICER_LABELS: Labels<BenchOfficer> = {
  en: {
    JUDGE: 'Judge',
    REFEREE: 'Referee',
    PRO_TEM: 'Judge pro tem',
    MAGISTRATE: 'Magistrate',
    PRIVATE_JUDGE: 'Private judge',
  },
  'es-MX': {
    JUDGE: 'Juez',
    REFEREE: 'Árbitro',
    PRO_TEM: 'Juez temporal',
    MAGISTRATE: 'Magistrado',
    PRIVATE_JUDGE: 'Juez privado',
  },
};

export const COLLEAGUE_ROLE_LABELS: Labels<ColleagueRole> = {
  en: {
    OPPOSING_COUNSEL: 'Opposing counsel',
    CHILD_ATTORNEY: "Child's attorney",
    BENCH_OFFICER: 'Bench officer',
    ATTORNEY: 'Attorney',
    EVALUATOR: 'Evaluator',
    INVESTIGATOR: 'Investigator',
    THERAPIST: 'Therapist',
    GUARDIAN_AD_LITEM: 'Guardian ad litem',
    FAMILY_COURT_SERVICES: 'Family court services',
    CONTINUING_EDUCATION: 'Continuing education',
  },
  'es-MX': {
    OPPOSING_COUNSEL: 'Abogado de la contraparte',
    CHILD_ATTORNEY: 'Abogado del menor',
    BENCH_OFFICER: 'Funcionario judicial',
    ATTORNEY: 'Abogado',
    EVALUATOR: 'Evaluador',
    INVESTIGATOR: 'Investigador',
    THERAPIST: 'Terapeuta',
    GUARDIAN_AD_LITEM: 'Tutor ad litem',
    FAMILY_COURT_SERVICES: 'Servicios del tribunal familiar',
    CONTINUING_EDUCATION: 'Educación continua',
  },
};

export const PRO_REFERRAL_SOURCE_LABELS: Labels<ProReferralSource> = {
  en: {
    BENCH_OFFICER: 'A bench officer',
    REFERRED_BY_COLLEAGUE: 'Referred by a colleague',
    SEARCH_ENGINE: 'Search engine',
    REFERRED_FR: 'Referred by a friend',
    NEWS_STORY: 'News story',
    OTHER: 'Other',
  },
  'es-MX': {
    BENCH_OFFICER: 'Un funcionario judicial',
    REFERRED_BY_COLLEAGUE: 'Recomendación de un colega',
    SEARCH_ENGINE: 'Buscador de internet',
    REFERRED_FR: 'Recomendación de un amigo',
    NEWS_STORY: 'Una noticia',
    OTHER: 'Otro',
  },
};

export const PARENT_REFERRAL_LABELS: Labels<ParentReferral> = {
  en: {
    COURT_ORDERED: 'Court ordered',
    REFERRED_FL: 'Referred by a family-law professional',
    CO_PARENT: 'My co-parent',
    FRIEND_OR_FAMILY: 'Friend or family member',
    SEARCH_ENGINE: 'Search engine',
    SOCIAL_MEDIA: 'Social media',
    NEWS_STORY: 'News story',
    APP_STORE: 'App store',
    OTHER: 'Other',
  },
  'es-MX': {
    COURT_ORDERED: 'Por orden judicial',
    REFERRED_FL: 'Recomendación de un profesional del derecho familiar',
    CO_PARENT: 'Mi coparente',
    FRIEND_OR_FAMILY: 'Un amigo o familiar',
    SEARCH_ENGINE: 'Buscador de internet',
    SOCIAL_MEDIA: 'Redes sociales',
    NEWS_STORY: 'Una noticia',
    APP_STORE: 'Tienda de aplicaciones',
    OTHER: 'Otro',
  },
};

/** Follow-up prompt shown for the referral answers that need detail (key: the answer). */
export const PARENT_REFERRAL_DETAIL_LABELS: Record<
  Locale,
  Record<'OTHER' | 'COURT_ORDERED' | 'REFERRED_FL', string>
> = {
  en: {
    OTHER: 'Please tell us where you heard about us',
    COURT_ORDERED: 'Which court or judge ordered it?',
    REFERRED_FL: 'Who referred you?',
  },
  'es-MX': {
    OTHER: 'Cuéntanos dónde supiste de nosotros',
    COURT_ORDERED: '¿Qué tribunal o juez lo ordenó?',
    REFERRED_FL: '¿Quién te lo recomendó?',
  },
};

export const PHONE_CODE_LABELS: Labels<PhoneCodeId> = {
  en: { US_CANADA: 'United States / Canada', UNITED_KINGDOM: 'United Kingdom', MEXICO: 'Mexico' },
  'es-MX': {
    US_CANADA: 'Estados Unidos / Canadá',
    UNITED_KINGDOM: 'Reino Unido',
    MEXICO: 'México',
  },
};

export type Option<T extends string = string> = { id: T; name: string };

function options<T extends string>(
  ids: readonly T[],
  labels: Labels<T>,
  locale: Locale,
): Option<T>[] {
  return ids.map((id) => ({ id, name: labels[locale][id] }));
}

export const listTitles = (locale: Locale) => options(TITLES, TITLE_LABELS, locale);
export const listBenchOfficers = (locale: Locale) =>
  options(BENCH_OFFICERS, BENCH_OFFICER_LABELS, locale);
export const listColleagueRoles = (locale: Locale) =>
  options(COLLEAGUE_ROLES, COLLEAGUE_ROLE_LABELS, locale);
export const listProReferralSources = (locale: Locale) =>
  options(PRO_REFERRAL_SOURCES, PRO_REFERRAL_SOURCE_LABELS, locale);
export const listParentReferrals = (locale: Locale) =>
  options(PARENT_REFERRALS, PARENT_REFERRAL_LABELS, locale);

export type PhoneCodeOption = { id: PhoneCodeId; dialCode: string; name: string };

/** Phone codes with their dial code and localised name, default (+1) first. */
export function listPhoneCodes(locale: Locale): PhoneCodeOption[] {
  return PHONE_CODE_IDS.map((id) => ({
    id,
    dialCode: PHONE_CODES[id].dialCode,
    name: PHONE_CODE_LABELS[locale][id],
  }));
}
