import {
  type CreateProfessionalRequest,
  DEFAULT_PHONE_CODE,
  DEFAULT_PRO_COUNTRY,
  PRO_STEP_FIELDS,
  type ProStepOneInput,
  ProStepOneSchema,
  ProStepThreeSchema,
  type ProStepTwoInput,
  ProStepTwoSchema,
  withChosenReferral,
} from '@coparent/domain';
import type { z } from 'zod';
import type { ProStepNumber } from './pro-machine';
import type { ProStepOneDraft, ProStepThreeDraft, ProStepTwoDraft } from './pro-store';

export type ProStepThreeInput = z.input<typeof ProStepThreeSchema>;

/** Sorts field paths by the step's order (unknown ones last). */
export function fieldOrder(step: ProStepNumber, path: string): number {
  const index = (PRO_STEP_FIELDS[step] as readonly string[]).indexOf(path.split('.')[0] ?? '');
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

/** A step's fields as a page holds them (a form's, or a posted one's) → that step's draft. */
export function draftFromFields(
  step: ProStepNumber,
  fields: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    PRO_STEP_FIELDS[step]
      .filter((name) => name in fields)
      .map((name) => [name, fields[name] ?? '']),
  );
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
