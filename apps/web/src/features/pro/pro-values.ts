import {
  type CreateProfessionalRequest,
  DEFAULT_PHONE_CODE,
  DEFAULT_PRO_COUNTRY,
  type ProStepOneInput,
  ProStepOneSchema,
  ProStepThreeSchema,
  type ProStepTwoInput,
  ProStepTwoSchema,
} from '@coparent/domain';
import type { z } from 'zod';
import type { ProStepNumber } from './pro-machine';
import type { ProStepOneDraft, ProStepThreeDraft, ProStepTwoDraft } from './pro-store';

export type ProStepThreeInput = z.input<typeof ProStepThreeSchema>;

/** Each step's fields in the order the form shows them (the spec's "Professional form" names). */
export const PRO_STEP_FIELDS = {
  1: [
    'title',
    'firstName',
    'lastName',
    'credentials',
    'email',
    'phoneCountryCode',
    'phoneNumber',
    'phoneExtension',
    'hearAboutUs',
    'referralBenchOfficerName',
    'referralBenchOfficerPosition',
    'referralColleagueName',
    'referralColleagueRole',
    'referralOther',
  ],
  2: [
    'practiceName',
    'addressLine1',
    'addressLine2',
    'country',
    'city',
    'region',
    'postalCode',
    'timezone',
    'roles',
  ],
  3: ['securityQuestion', 'securityAnswer', 'securityCode', 'securityCodeConfirm'],
} as const satisfies Record<ProStepNumber, readonly string[]>;

/** The step a server field belongs to (a create answer can name any of them). */
export function stepOfField(field: string): ProStepNumber | undefined {
  const name = field.split('.')[0] ?? '';
  for (const step of [1, 2, 3] as const) {
    if ((PRO_STEP_FIELDS[step] as readonly string[]).includes(name)) return step;
  }
  return undefined;
}

/** Sorts field paths by the step's order (unknown ones last). */
export function fieldOrder(step: ProStepNumber, path: string): number {
  const index = (PRO_STEP_FIELDS[step] as readonly string[]).indexOf(path.split('.')[0] ?? '');
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

const REFERRAL_FIELDS = {
  BENCH_OFFICER: ['referralBenchOfficerName', 'referralBenchOfficerPosition'],
  REFERRED_BY_COLLEAGUE: ['referralColleagueName', 'referralColleagueRole'],
  OTHER: ['referralOther'],
} as const;

const ALL_REFERRAL_FIELDS = Object.values(REFERRAL_FIELDS).flat();

/** The referral follow-up fields shown for a "How did you hear about us?" answer. */
export function referralFieldsFor(hearAboutUs: string | undefined): readonly string[] {
  return hearAboutUs && hearAboutUs in REFERRAL_FIELDS
    ? REFERRAL_FIELDS[hearAboutUs as keyof typeof REFERRAL_FIELDS]
    : [];
}

/**
 * Step 1's values without the follow-ups of the answers not chosen. The form keeps them (switching
 * back shows them again: nothing typed is lost) but they are neither checked nor sent.
 */
export function withChosenReferral<T extends Partial<Record<string, unknown>>>(values: T): T {
  const shown = referralFieldsFor(values.hearAboutUs as string | undefined);
  const out: Record<string, unknown> = { ...values };
  for (const field of ALL_REFERRAL_FIELDS) {
    if (!shown.includes(field)) delete out[field];
  }
  return out as T;
}

export function stepOneDefaults(draft: ProStepOneDraft | undefined): ProStepOneInput {
  return {
    title: '',
    firstName: '',
    lastName: '',
    credentials: '',
    email: '',
    phoneNumber: '',
    phoneExtension: '',
    referralBenchOfficerName: '',
    referralBenchOfficerPosition: '',
    referralColleagueName: '',
    referralColleagueRole: '',
    referralOther: '',
    ...draft,
    phoneCountryCode: (draft?.phoneCountryCode ??
      DEFAULT_PHONE_CODE) as ProStepOneInput['phoneCountryCode'],
    hearAboutUs: (draft?.hearAboutUs ?? '') as ProStepOneInput['hearAboutUs'],
  };
}

export function stepTwoDefaults(draft: ProStepTwoDraft | undefined): ProStepTwoInput {
  return {
    practiceName: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    region: '',
    postalCode: '',
    timezone: '',
    ...draft,
    country: draft?.country ?? DEFAULT_PRO_COUNTRY,
    roles: draft?.roles ?? [],
  };
}

export function stepThreeDefaults(draft: ProStepThreeDraft | undefined): ProStepThreeInput {
  return {
    securityQuestion: draft?.securityQuestion ?? '',
    securityAnswer: draft?.securityAnswer ?? '',
    securityCode: draft?.securityCode ?? '',
    securityCodeConfirm: draft?.securityCodeConfirm ?? '',
  };
}

type CreateRequestResult =
  | { ok: true; request: CreateProfessionalRequest }
  | { ok: false; step: ProStepNumber };

/**
 * The create body from the three steps' values (each cleaned by its domain schema), or the first
 * step whose values no longer pass (e.g. an old tab's storage).
 */
export function buildCreateRequest(
  stepOne: ProStepOneDraft | undefined,
  stepTwo: ProStepTwoDraft | undefined,
  stepThree: ProStepThreeDraft | undefined,
): CreateRequestResult {
  const one = ProStepOneSchema.safeParse(withChosenReferral(stepOneDefaults(stepOne)));
  if (!one.success) return { ok: false, step: 1 };
  const two = ProStepTwoSchema.safeParse(stepTwoDefaults(stepTwo));
  if (!two.success) return { ok: false, step: 2 };
  const three = ProStepThreeSchema.safeParse(stepThreeDefaults(stepThree));
  if (!three.success) return { ok: false, step: 3 };
  return { ok: true, request: { ...one.data, ...two.data, ...three.data } };
}
