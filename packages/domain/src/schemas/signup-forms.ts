import { DEFAULT_PHONE_CODE } from '../constants/limits.js';
import type { FamilyForm } from './family.js';
import type { CreateSignupRequest, SignupState, UpdateFamilySectionRequest } from './signup.js';
import type { StepOneForm } from './step-one.js';

// Form values ↔ request bodies of the signup calls. Apart from schemas/signup.ts, whose schemas
// (billing, orders) a step's bundle would otherwise pay for to map its form (the web's JavaScript budget per route).

/** The step-1 answers as a form posts them: text fields, and the co-parent question as yes or no. */
export type StepOneFields = {
  firstName?: string;
  lastName?: string;
  email?: string;
  countryCode?: string;
  phoneNumber?: string;
  knowsCoParentEmail?: boolean;
};

/** The step-1 form's fields, by the names a posted form sends them under. */
export const STEP_ONE_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phoneNumber',
  'knowsCoParentEmail',
] as const;

const STEP_ONE_TEXT_FIELDS = STEP_ONE_FORM_FIELDS.filter(
  (name): name is Exclude<(typeof STEP_ONE_FORM_FIELDS)[number], 'knowsCoParentEmail'> =>
    name !== 'knowsCoParentEmail',
);

/**
 * A posted step-1 form (a browser without scripts sends every value as text, the radio as 'yes'
 * or 'no') → the values the step-1 schema checks. What is not text is left out.
 */
export function stepOneFieldsFromForm(form: Readonly<Record<string, unknown>>): StepOneFields {
  const fields: StepOneFields = {};
  for (const name of STEP_ONE_TEXT_FIELDS) {
    const value = form[name];
    if (typeof value === 'string') fields[name] = value;
  }
  const answer = form.knowsCoParentEmail;
  if (answer === 'yes' || answer === 'no') fields.knowsCoParentEmail = answer === 'yes';
  return fields;
}

/** A saved signup's step 1 (GET /v2/signups/{id}) as the form's values. */
export function stepOneFieldsOfSignup({
  parent,
  knowsCoParentEmail,
}: Pick<SignupState, 'parent' | 'knowsCoParentEmail'>): StepOneFields {
  return {
    firstName: parent.firstName,
    lastName: parent.lastName,
    ...(parent.email ? { email: parent.email } : {}),
    ...(parent.phoneCountryCode ? { countryCode: parent.phoneCountryCode } : {}),
    ...(parent.phoneNumber ? { phoneNumber: parent.phoneNumber } : {}),
    ...(knowsCoParentEmail === null ? {} : { knowsCoParentEmail }),
  };
}

/** Step 1 form values → the create-signup (PARENT) request body. */
export function stepOneToCreateRequest(
  values: StepOneForm,
  extra: { parentDuplicateConfirmed?: boolean; segmentAnonymousId?: string } = {},
): Extract<CreateSignupRequest, { sections: ['PARENT'] }> {
  return {
    sections: ['PARENT'],
    parent: {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneCountryCode: values.countryCode,
      phoneNumber: values.phoneNumber,
    },
    knowsCoParentEmail: values.knowsCoParentEmail,
    ...extra,
  };
}

/** Family form values → the FAMILY section body (empty email and phone are left out). */
export function familyFormToRequest(
  values: FamilyForm,
  extra: { coParentDuplicateConfirmed?: boolean } = {},
): UpdateFamilySectionRequest {
  const { coParent } = values;
  return {
    sections: ['FAMILY'],
    coParent: {
      firstName: coParent.firstName,
      lastName: coParent.lastName,
      ...(coParent.email !== '' ? { email: coParent.email } : {}),
      ...(coParent.phoneNumber !== ''
        ? { phoneCountryCode: coParent.countryCode, phoneNumber: coParent.phoneNumber }
        : {}),
    },
    ...extra,
    children: values.children.map((child) => ({
      firstName: child.firstName,
      lastName: child.lastName,
      ...(child.email !== '' ? { email: child.email } : {}),
    })),
  };
}

/** FAMILY section body → family form values (what `familyFormSchema(ctx)` parses on the server). */
export function familySectionToFormValues(
  section: Pick<UpdateFamilySectionRequest, 'coParent' | 'children'>,
): FamilyForm {
  return {
    coParent: {
      firstName: section.coParent.firstName,
      lastName: section.coParent.lastName,
      email: section.coParent.email ?? '',
      countryCode: section.coParent.phoneCountryCode ?? DEFAULT_PHONE_CODE,
      phoneNumber: section.coParent.phoneNumber ?? '',
    },
    children: section.children.map((child) => ({
      firstName: child.firstName,
      lastName: child.lastName,
      email: child.email ?? '',
    })),
  };
}
