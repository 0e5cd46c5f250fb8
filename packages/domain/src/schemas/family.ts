import { z } from 'zod';
import { MAX_CHILDREN } from '../constants/limits.js';
import {
  errorKey,
  fieldIssue,
  isValidEmail,
  optionalEmailSchema,
  optionalPhoneNumberSchema,
  personNameFields,
  phoneCodeIdSchema,
  samePhone,
} from '../validation/fields.js';
import { emailKey, sameEmail } from '../validation/text.js';
import { type FamilyFormContext, isTextedCoParent } from './family-rules.js';

// What the step-2 screen uses without checking (the empty rows, who is texted) is in
// family-rules.ts, so the screen does not load zod with it; the schemas load with its first check.
export * from './family-rules.js';

/** Co-parent on the family form. Empty strings mean "not given". */
export const CoParentFormSchema = z.object(
  {
    ...personNameFields,
    email: optionalEmailSchema,
    countryCode: phoneCodeIdSchema,
    phoneNumber: optionalPhoneNumberSchema,
    /** "Also text them": the invitation by text too, for a co-parent with an email. */
    alsoText: z.boolean(errorKey('invalidValue')).optional(),
  },
  errorKey('invalidValue'),
);
export type CoParentForm = z.infer<typeof CoParentFormSchema>;

/** A child on the family form; the email is optional ('' = not given). */
export const ChildFormSchema = z.object(
  {
    ...personNameFields,
    email: optionalEmailSchema,
  },
  errorKey('invalidValue'),
);
export type ChildForm = z.infer<typeof ChildFormSchema>;

const familyShape = {
  coParent: CoParentFormSchema,
  children: z
    .array(ChildFormSchema, errorKey('signup_children_error'))
    .min(1, errorKey('signup_children_error'))
    .max(MAX_CHILDREN, errorKey('signup_childrenMax_error')),
};

/** Built once: the server checks each family save with a refinement of it (below). */
const familyObjectSchema = z.object(familyShape, errorKey('invalidValue'));

/**
 * The family step (co-parent and children), with the rules that need Parent A's data:
 * - co-parent email required when knowsCoParentEmail, never equal to Parent A's (trimmed,
 *   case-insensitive);
 * - co-parent phone required when the email is not known (knowsCoParentEmail false and email
 *   empty), never equal to Parent A's phone (same code and digits); "also text them" needs it;
 *   a number to be texted must be able to receive texts (`ctx.textablePhone`, server only);
 * - child emails optional, unique among the children, different from both parents' emails;
 * - at least one child, at most MAX_CHILDREN.
 * Issues are raised at `coParent.email`, `coParent.phoneNumber`, `coParent.alsoText`,
 * `children.<i>.email`, `children`.
 */
export function familyFormSchema(ctx: FamilyFormContext) {
  return familyObjectSchema.superRefine((value, issues) => checkFamilyRules(value, issues, ctx));
}

type FamilyRefinementContext = Parameters<Parameters<typeof familyObjectSchema.superRefine>[0]>[1];

function checkFamilyRules(
  value: z.output<typeof familyObjectSchema>,
  issues: FamilyRefinementContext,
  ctx: FamilyFormContext,
): void {
  const coParent = value.coParent;
  const coParentEmail = coParent?.email ?? '';
  const coParentPhone = coParent?.phoneNumber ?? '';

  if (coParentEmail === '' && ctx.knowsCoParentEmail) {
    fieldIssue(issues, ['coParent', 'email'], 'signup_coParentEmailRequired_error');
  } else if (coParentEmail !== '' && sameEmail(coParentEmail, ctx.parentEmail)) {
    fieldIssue(issues, ['coParent', 'email'], 'signup_coParentEmailSame_error');
  }

  if (coParentPhone === '' && coParentEmail === '' && !ctx.knowsCoParentEmail) {
    fieldIssue(issues, ['coParent', 'phoneNumber'], 'signup_coParentPhoneRequired_error');
  } else if (
    coParentPhone !== '' &&
    samePhone({ countryCode: coParent?.countryCode, phoneNumber: coParentPhone }, ctx.parentPhone)
  ) {
    fieldIssue(issues, ['coParent', 'phoneNumber'], 'signup_coParentPhoneSame_error');
  } else if (coParent && isTextedCoParent(coParent)) {
    const problem = ctx.textablePhone?.({
      countryCode: coParent.countryCode,
      phoneNumber: coParentPhone,
    });
    if (problem) fieldIssue(issues, ['coParent', 'phoneNumber'], problem);
  }
  if (coParent?.alsoText && coParentPhone === '') {
    fieldIssue(issues, ['coParent', 'alsoText'], 'signup_coParentAlsoTextPhone_error');
  }

  const seen = new Set<string>();
  (value.children ?? []).forEach((child, index) => {
    const email = child?.email ?? '';
    if (email === '' || !isValidEmail(email)) return;
    if (sameEmail(email, ctx.parentEmail) || sameEmail(email, coParentEmail)) {
      fieldIssue(issues, ['children', index, 'email'], 'signup_childEmailParent_error');
      return;
    }
    const k = emailKey(email);
    if (seen.has(k)) {
      fieldIssue(issues, ['children', index, 'email'], 'signup_childEmailDuplicate_error');
      return;
    }
    seen.add(k);
  });
}

/** The context of the parse under way in `safeParseFamilyForm` (parsing is synchronous). */
let parsingContext: FamilyFormContext | undefined;
const familyFormSchemaOfParse = familyObjectSchema.superRefine((value, issues) => {
  if (parsingContext) checkFamilyRules(value, issues, parsingContext);
});

/**
 * `familyFormSchema(ctx).safeParse(values)` with one schema built once instead of one per call:
 * the server checks every family save, and building a zod object costs far more than parsing.
 */
export function safeParseFamilyForm(ctx: FamilyFormContext, values: unknown) {
  parsingContext = ctx;
  try {
    return familyFormSchemaOfParse.safeParse(values);
  } finally {
    parsingContext = undefined;
  }
}
export type FamilyForm = z.infer<ReturnType<typeof familyFormSchema>>;
export type FamilyFormInput = z.input<ReturnType<typeof familyFormSchema>>;

/**
 * The co-parent email speed-bump (experiment coparent-email-speed-bump): the one email it asks
 * for, required and valid ('Please enter a valid email'), never Parent A's. Output trimmed.
 */
export function speedBumpEmailSchema(ctx: Pick<FamilyFormContext, 'parentEmail'>) {
  return z
    .string(errorKey('signup_speedBumpEmail_error'))
    .trim()
    .refine(isValidEmail, errorKey('signup_speedBumpEmail_error'))
    .refine(
      (email) => !sameEmail(email, ctx.parentEmail),
      errorKey('signup_coParentEmailSame_error'),
    );
}
