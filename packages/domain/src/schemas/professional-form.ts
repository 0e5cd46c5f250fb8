import { ProStepOneSchema, ProStepTwoSchema } from './professional.js';
import {
  type CreateProfessionalRequest,
  type ProfessionalUser,
  ProfessionalUserSchema,
} from './professional-api.js';
import { ProStepThreeSchema } from './security.js';

/**
 * The /pro registration as a form posted without a script (`POST /app/join/pro`): the field names
 * the page writes and the server reads, and the mapping between a posted form and the steps'
 * schemas, the same for the browser's page and the server's answer.
 */

/** The join path of the page and of its form's post. */
export const PRO_FORM_PATH = '/pro';

/** Which step a post is ('1', '2', '3'), or, in a page answering one, `PRO_FORM_DONE`. */
export const PRO_FORM_STEP_FIELD = 'proStep';
export const PRO_FORM_DONE = 'done';
/** Back is a submit button with this name and value: the step before, nothing checked. */
export const PRO_FORM_ACTION_FIELD = 'proAction';
export const PRO_FORM_BACK = 'back';
/**
 * Update (a submit button shown without a script): the same step again with what was typed, its
 * lists following the answers chosen (the country's regions, roles and time zones; the
 * follow-ups of "How did you hear about us?"), nothing checked.
 */
export const PRO_FORM_UPDATE = 'update';
/** When the person opened the form (ISO 8601): the validator's `x-activity-start`. */
export const PRO_ACTIVITY_START_FIELD = 'activityStart';
/** The roles' checkboxes: a repeated name, read as a list by the form parser. */
export const PRO_ROLES_FORM_FIELD = 'roles[]';
/** In a page answering the create: the created professional (JSON), for the success screen. */
export const PRO_FORM_USER_FIELD = 'proUser';

export type ProFormStep = 1 | 2 | 3;
/** A posted form's fields: text, or a list for a name ending in `[]`. */
export type PostedFormFields = Readonly<Record<string, string | readonly string[]>>;

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
} as const satisfies Record<ProFormStep, readonly string[]>;

/** Never written into a page: the security answer and code are secrets. */
const SECRET_FIELDS: readonly string[] = ['securityAnswer', 'securityCode', 'securityCodeConfirm'];

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

/** The step a field belongs to (a create answer can name any of them). */
export function proStepOfField(field: string): ProFormStep | undefined {
  const name = field.split('.')[0] ?? '';
  for (const step of [1, 2, 3] as const) {
    if ((PRO_STEP_FIELDS[step] as readonly string[]).includes(name)) return step;
  }
  return undefined;
}

/** The posted step; anything else is step 1. */
export function proFormStepOf(fields: PostedFormFields): ProFormStep {
  const step = fields[PRO_FORM_STEP_FIELD];
  return step === '2' ? 2 : step === '3' ? 3 : 1;
}

const text = (value: string | readonly string[] | undefined) =>
  typeof value === 'string' ? value : '';

/** The ticked roles: the checkboxes' list, or (in a page answering a post) the ids joined by commas. */
export function proFormRoles(fields: PostedFormFields): string[] {
  const ticked = fields[PRO_ROLES_FORM_FIELD];
  if (Array.isArray(ticked)) return [...ticked];
  if (typeof ticked === 'string') return [ticked];
  return text(fields.roles).split(',').filter(Boolean);
}

/** A step's values from a posted form, as its schema reads them (step 1 with its chosen referral). */
export function proStepValuesFromForm(
  step: ProFormStep,
  fields: PostedFormFields,
): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    PRO_STEP_FIELDS[step].map((name) => [name, text(fields[name])]),
  );
  if (step === 1) return withChosenReferral(values);
  if (step === 2) values.roles = proFormRoles(fields);
  return values;
}

export const PRO_STEP_SCHEMAS = {
  1: ProStepOneSchema,
  2: ProStepTwoSchema,
  3: ProStepThreeSchema,
} as const;

/**
 * What a page answering a post carries of the form, as text: every step's fields but the secrets,
 * the roles joined by commas, and when the person started.
 */
export function proFormCarriedValues(fields: PostedFormFields): Record<string, string> {
  const carried: Record<string, string> = {};
  for (const name of [...PRO_STEP_FIELDS[1], ...PRO_STEP_FIELDS[2], ...PRO_STEP_FIELDS[3]]) {
    const value = name === 'roles' ? proFormRoles(fields).join(',') : text(fields[name]);
    if (value !== '' && !SECRET_FIELDS.includes(name)) carried[name] = value;
  }
  const started = text(fields[PRO_ACTIVITY_START_FIELD]);
  if (isActivityStart(started)) carried[PRO_ACTIVITY_START_FIELD] = started;
  return carried;
}

/** A start time the page wrote (an ISO 8601 date), not anything posted. */
export function isActivityStart(value: string): boolean {
  return (
    value.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
  );
}

/** The create body from a posted step 3 and the earlier steps it carries, or the first step that fails. */
export function proCreateRequestFromForm(
  fields: PostedFormFields,
): { ok: true; request: CreateProfessionalRequest } | { ok: false; step: ProFormStep } {
  const one = ProStepOneSchema.safeParse(proStepValuesFromForm(1, fields));
  if (!one.success) return { ok: false, step: 1 };
  const two = ProStepTwoSchema.safeParse(proStepValuesFromForm(2, fields));
  if (!two.success) return { ok: false, step: 2 };
  const three = ProStepThreeSchema.safeParse(proStepValuesFromForm(3, fields));
  if (!three.success) return { ok: false, step: 3 };
  return { ok: true, request: { ...one.data, ...two.data, ...three.data } };
}

/** The created professional a success page carries, or undefined when it is not one. */
export function proFormUserOf(
  values: Readonly<Record<string, string>>,
): ProfessionalUser | undefined {
  try {
    const parsed = ProfessionalUserSchema.safeParse(JSON.parse(values[PRO_FORM_USER_FIELD] ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
