/** Enumerations the spec fixes (titles, roles, referral sources, sections, states). */

export const TITLES = ['MR', 'MS', 'MRS', 'HONORABLE', 'DOCTOR'] as const;
export type Title = (typeof TITLES)[number];

export const BENCH_OFFICERS = [
  'JUDGE',
  'REFEREE',
  'PRO_TEM',
  'MAGISTRATE',
  'PRIVATE_JUDGE',
] as const;
export type BenchOfficer = (typeof BENCH_OFFICERS)[number];

export const COLLEAGUE_ROLES = [
  'OPPOSING_COUNSEL',
  'CHILD_ATTORNEY',
  'BENCH_OFFICER',
  'ATTORNEY',
  'EVALUATOR',
  'INVESTIGATOR',
  'THERAPIST',
  'GUARDIAN_AD_LITEM',
  'FAMILY_COURT_SERVICES',
  'CONTINUING_EDUCATION',
] as const;
export type ColleagueRole = (typeof COLLEAGUE_ROLES)[number];

export const PRO_REFERRAL_SOURCES = [
  'BENCH_OFFICER',
  'REFERRED_BY_COLLEAGUE',
  'SEARCH_ENGINE',
  'REFERRED_FR',
  'NEWS_STORY',
  'OTHER',
] as const;
export type ProReferralSource = (typeof PRO_REFERRAL_SOURCES)[number];

/**
 * "How did you first hear about the product?" for parents. The spec names OTHER, COURT_ORDERED
 * and REFERRED_FL (read as "referred by a family-law professional"); the others are ours.
 */
export const PARENT_REFERRALS = [
  'COURT_ORDERED',
  'REFERRED_FL',
  'CO_PARENT',
  'FRIEND_OR_FAMILY',
  'SEARCH_ENGINE',
  'SOCIAL_MEDIA',
  'NEWS_STORY',
  'APP_STORE',
  'OTHER',
] as const;
export type ParentReferral = (typeof PARENT_REFERRALS)[number];

/** Referral answers that need a free-text follow-up. */
export const REFERRALS_NEEDING_DETAIL = ['OTHER', 'COURT_ORDERED', 'REFERRED_FL'] as const;
export type ReferralNeedingDetail = (typeof REFERRALS_NEEDING_DETAIL)[number];

export function referralNeedsDetail(selection: string | null | undefined): boolean {
  return (REFERRALS_NEEDING_DETAIL as readonly string[]).includes(selection ?? '');
}

export const PRICING_GROUPS = ['P0', 'P2', 'P3'] as const;
export type PricingGroup = (typeof PRICING_GROUPS)[number];
/** P2 and P3 are the new pricing and packaging. */
export function isNewPricing(group: PricingGroup): boolean {
  return group === 'P2' || group === 'P3';
}

export const SUBSCRIPTION_TERMS = ['SUB1YEAR', 'SUB2YEAR'] as const;
export type SubscriptionTerm = (typeof SUBSCRIPTION_TERMS)[number];
/** "Anything other than SUB1YEAR means two." */
export function subscriptionYears(term: string): 1 | 2 {
  return term === 'SUB1YEAR' ? 1 : 2;
}

/** PACKAGE (step 3 and build-your-own) comes after FAMILY; ADDRESS and REFERRAL are the payment page's. */
export const SIGNUP_SECTIONS = [
  'NAME',
  'PARENT',
  'FAMILY',
  'ADDRESS',
  'REFERRAL',
  'PACKAGE',
] as const;
export type SignupSection = (typeof SIGNUP_SECTIONS)[number];

/** Sections of the invited-user update call (PATCH /v2/users/{userId}). */
export const INVITED_USER_SECTIONS = [
  'PARENT',
  'REFERRAL',
  'SECURITY_QUESTION',
  'SECURITY_CODE',
] as const;
export type InvitedUserSection = (typeof INVITED_USER_SECTIONS)[number];

export const PAYMENT_TYPES = ['CREDIT_CARD', 'PAYPAL', 'VENMO', 'APPLE_PAY'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'CREDIT_CARD';
/** paymentType values on a receipt. */
export const RECEIPT_PAYMENT_TYPES = ['CREDIT_CARD', 'VENMO', 'PAYPAL'] as const;

export const PAYMENT_VIEWS = ['BILLING', 'PAYMENT', 'REVIEW'] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];

export const PRO_SIGNUP_STATES = ['ONE', 'TWO', 'THREE', 'SUBMIT', 'SUCCESS', 'ERROR'] as const;
export type ProSignupState = (typeof PRO_SIGNUP_STATES)[number];

export const PARENT_ACCOUNT_TYPES = ['Parent A', 'Parent B'] as const;
export type ParentAccountType = (typeof PARENT_ACCOUNT_TYPES)[number];

export const ADDRESS_TYPES = ['PRIMARY'] as const;

export const LOOKUP_RESULTS = ['SUCCESS', 'NOT_FOUND', 'MULTI'] as const;
export const RECOVERY_STATES = ['INITIAL', 'SUCCESS', 'FAILURE', 'CODE', 'MULTIPLE'] as const;
