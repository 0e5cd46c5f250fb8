import { DEFAULT_PHONE_CODE } from '../constants/limits.js';
import type { BuildYourOwnValues } from '../pricing/build-your-own-schemas.js';
import type { FamilyFormContext, FamilyFormInput } from './family.js';
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

/** Family form values → the FAMILY section body (empty email and phone, an unticked box, left out). */
export function familyFormToRequest(
  values: FamilyFormInput,
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
      ...(coParent.alsoText ? { alsoText: true } : {}),
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
): FamilyFormInput {
  return {
    coParent: {
      firstName: section.coParent.firstName,
      lastName: section.coParent.lastName,
      email: section.coParent.email ?? '',
      countryCode: section.coParent.phoneCountryCode ?? DEFAULT_PHONE_CODE,
      phoneNumber: section.coParent.phoneNumber ?? '',
      ...(section.coParent.alsoText ? { alsoText: true as const } : {}),
    },
    children: section.children.map((child) => ({
      firstName: child.firstName,
      lastName: child.lastName,
      email: child.email ?? '',
    })),
  };
}

/**
 * The family form's values as a form holds them: every field as text (what a post sends), and
 * "also text them" as whether its box is ticked.
 */
export type FamilyFields = {
  coParent: {
    firstName: string;
    lastName: string;
    email: string;
    countryCode: string;
    phoneNumber: string;
    /** Present (true) when ticked, like the box a browser posts. */
    alsoText?: true;
  };
  children: { firstName: string; lastName: string; email: string }[];
};

const CO_PARENT_FIELDS = ['firstName', 'lastName', 'email', 'countryCode', 'phoneNumber'] as const;
const CHILD_FIELDS = ['firstName', 'lastName', 'email'] as const;
/** `children.<index>.<field>`: two digits are enough for MAX_CHILDREN and one more. */
const CHILD_FIELD_NAME = /^children\.(\d{1,2})\.(firstName|lastName|email)$/;

/**
 * The family step's buttons without a script: each is a submit button of the form, and the server
 * answers the page with a child more or less (nothing saved), or saves it with the co-parent's
 * duplicate confirmed.
 */
export const FAMILY_FORM_ACTION_FIELD = 'familyAction';
export const FAMILY_FORM_ADD_CHILD = 'add-child';
/** Followed by the child's index: `remove-child-1` removes the second child. */
export const FAMILY_FORM_REMOVE_CHILD = 'remove-child-';
export const CO_PARENT_DUPLICATE_CONFIRMED_FIELD = 'coParentDuplicateConfirmed';

/** The "also text them" box: a browser posts a ticked box as this value, an unticked one not at all. */
const TICKED = 'on';
const ALSO_TEXT_FIELD = 'coParent.alsoText';

const CO_PARENT_FIELD_NAME =
  /^coParent\.(firstName|lastName|email|countryCode|phoneNumber|alsoText)$/;

/** Whether a posted field is one of the family form's (its own fields, as the page shows them). */
export function isFamilyFormField(name: string): boolean {
  return CO_PARENT_FIELD_NAME.test(name) || CHILD_FIELD_NAME.test(name);
}

/**
 * A posted family form (`coParent.firstName`, `children.0.email`, …) → the form's values: the
 * children in the order of their numbers (gaps closed), a missing field as ''. A form without a
 * child gets none: the schema says one is needed.
 */
export function familyFieldsFromForm(form: Readonly<Record<string, unknown>>): FamilyFields {
  const text = (name: string) => {
    const value = form[name];
    return typeof value === 'string' ? value : '';
  };
  const coParent = {
    firstName: text('coParent.firstName'),
    lastName: text('coParent.lastName'),
    email: text('coParent.email'),
    countryCode: text('coParent.countryCode') || DEFAULT_PHONE_CODE,
    phoneNumber: text('coParent.phoneNumber'),
    ...(text(ALSO_TEXT_FIELD) !== '' ? { alsoText: true as const } : {}),
  };
  const indexes = new Set<number>();
  for (const name of Object.keys(form)) {
    const index = CHILD_FIELD_NAME.exec(name)?.[1];
    if (index !== undefined) indexes.add(Number(index));
  }
  const children = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({
      firstName: text(`children.${index}.firstName`),
      lastName: text(`children.${index}.lastName`),
      email: text(`children.${index}.email`),
    }));
  return { coParent, children };
}

/** The family form's values → its fields by the names a form posts them under. */
export function familyFormFields(values: FamilyFields): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of CO_PARENT_FIELDS) fields[`coParent.${name}`] = values.coParent[name];
  if (values.coParent.alsoText) fields[ALSO_TEXT_FIELD] = TICKED;
  values.children.forEach((child, index) => {
    for (const name of CHILD_FIELDS) fields[`children.${index}.${name}`] = child[name];
  });
  return fields;
}

/** A saved signup's family (GET /v2/signups/{id}) as the form's values; undefined before it is saved. */
export function familyFieldsOfSignup({
  coParent,
  children,
}: Pick<SignupState, 'coParent' | 'children'>): FamilyFields | undefined {
  if (!coParent) return undefined;
  return {
    coParent: {
      firstName: coParent.firstName,
      lastName: coParent.lastName,
      email: coParent.email ?? '',
      countryCode: coParent.phoneCountryCode ?? DEFAULT_PHONE_CODE,
      phoneNumber: coParent.phoneNumber ?? '',
      ...(coParent.alsoText ? { alsoText: true as const } : {}),
    },
    children: children.map((child) => ({
      firstName: child.firstName,
      lastName: child.lastName,
      email: child.email ?? '',
    })),
  };
}

/** What the family form's rules need of step 1, from a saved signup. */
export function familyFormContextOfSignup({
  parent,
  knowsCoParentEmail,
}: Pick<SignupState, 'parent' | 'knowsCoParentEmail'>): FamilyFormContext {
  return {
    parentEmail: parent.email ?? '',
    parentPhone:
      parent.phoneCountryCode && parent.phoneNumber
        ? { countryCode: parent.phoneCountryCode, phoneNumber: parent.phoneNumber }
        : undefined,
    knowsCoParentEmail: knowsCoParentEmail ?? false,
  };
}

/** The package step's cards without a script: each "Choose" posts its package's id under this name. */
export const PACKAGE_CHOICE_FIELD = 'packageId';

/**
 * The build-your-own choice of a saved signup: the package chosen on /step3 whose values are
 * pending, or the saved build-your-own order (coming back to change its options); undefined
 * when the signup has none (its options page is not open to it).
 */
export function buildYourOwnChoiceOfSignup({
  pendingBuildYourOwnPackageId,
  buildYourOwn,
  order,
}: Pick<SignupState, 'pendingBuildYourOwnPackageId' | 'buildYourOwn' | 'order'>):
  | { packageId: number; savedValues: BuildYourOwnValues | null }
  | undefined {
  if (pendingBuildYourOwnPackageId) {
    return { packageId: pendingBuildYourOwnPackageId, savedValues: null };
  }
  if (buildYourOwn && order) return { packageId: order.packageId, savedValues: buildYourOwn };
  return undefined;
}
