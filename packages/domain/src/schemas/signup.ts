import { z } from 'zod';
import { SavedBillingSchema, UpdateBillingSectionRequestSchema } from '../checkout/schemas.js';
import { BuildYourOwnValuesSchema } from '../pricing/build-your-own-schemas.js';
import {
  PricingResponseSchema,
  SavedOrderSchema,
  UpdatePackageSectionRequestSchema,
} from '../pricing/schemas.js';
import { optionalInput } from '../validation/blank.js';
import {
  emailSchema,
  errorKey,
  fieldIssue,
  personNameFields,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';
import { ValidationErrorsResponseSchema } from './validation-errors.js';

const optionalEmail = optionalInput(emailSchema);
const optionalPhoneCode = optionalInput(phoneCodeIdSchema);
const optionalPhone = optionalInput(phoneNumberSchema);
const optionalFlag = z.boolean(errorKey('invalidValue')).optional();
const segmentAnonymousId = z
  .string(errorKey('invalidValue'))
  .max(200, errorKey('invalidValue'))
  .optional();

/** Parent with every field (section PARENT). */
export const ParentSectionSchema = z.object(
  {
    ...personNameFields,
    email: emailSchema,
    phoneCountryCode: phoneCodeIdSchema,
    phoneNumber: phoneNumberSchema,
  },
  errorKey('invalidValue'),
);
export type ParentSection = z.infer<typeof ParentSectionSchema>;

/** A person whose name is required; the email and phone may come, and are checked if they do. */
const NamedPersonSchema = z.object(
  {
    ...personNameFields,
    email: optionalEmail,
    phoneCountryCode: optionalPhoneCode,
    phoneNumber: optionalPhone,
  },
  errorKey('invalidValue'),
);

/** Parent with the name only (section NAME). */
export const ParentNameSectionSchema = NamedPersonSchema;
export type ParentNameSection = z.infer<typeof ParentNameSectionSchema>;

const knowsCoParentEmail = z.boolean(errorKey('signup_knowsCoParentEmail_error'));

const CreateNameSignupSchema = z.object(
  {
    sections: z.tuple([z.literal('NAME')], errorKey('invalidValue')),
    parent: ParentNameSectionSchema,
    knowsCoParentEmail: knowsCoParentEmail.optional(),
    parentDuplicateConfirmed: optionalFlag,
    segmentAnonymousId,
    segmentIdentify: optionalFlag,
  },
  errorKey('invalidValue'),
);

const CreateParentSignupSchema = z.object(
  {
    sections: z.tuple([z.literal('PARENT')], errorKey('invalidValue')),
    parent: ParentSectionSchema,
    knowsCoParentEmail,
    parentDuplicateConfirmed: optionalFlag,
    segmentAnonymousId,
    segmentIdentify: optionalFlag,
  },
  errorKey('invalidValue'),
);

/**
 * POST /v2/signups. A union on `sections`: ['NAME'] (names only) or ['PARENT'] (every parent field
 * and knowsCoParentEmail). `zodIssuesToValidationErrors` reports the branch whose `sections` matched.
 */
export const CreateSignupRequestSchema = z.union([
  CreateNameSignupSchema,
  CreateParentSignupSchema,
]);
export type CreateSignupRequest = z.infer<typeof CreateSignupRequestSchema>;

/** POST /v2/signups/resume: the resume email's single-use token (decision 046). */
export const ResumeSignupRequestSchema = z.object(
  { token: z.string().min(1).max(200) },
  errorKey('invalidValue'),
);
export type ResumeSignupRequest = z.infer<typeof ResumeSignupRequestSchema>;

export const CreateSignupResponseSchema = z.object(
  {
    signupId: z.uuid(),
    registrationKey: z.string().min(1),
  },
  errorKey('invalidValue'),
);
export type CreateSignupResponse = z.infer<typeof CreateSignupResponseSchema>;

/**
 * Co-parent in the family payload: phoneCountryCode and phoneNumber only when a phone is given;
 * alsoText true when Parent A asked for the invitation by text too (it needs the phone).
 */
export const CoParentSectionSchema = NamedPersonSchema.extend({
  alsoText: optionalFlag,
}).superRefine((value, ctx) => {
  if (value.phoneNumber !== undefined && value.phoneCountryCode === undefined) {
    fieldIssue(ctx, ['phoneCountryCode'], 'signup_countryCode_error');
  }
});
export type CoParentSection = z.infer<typeof CoParentSectionSchema>;

export const ChildSectionSchema = z.object(
  {
    ...personNameFields,
    email: optionalEmail,
  },
  errorKey('invalidValue'),
);
export type ChildSection = z.infer<typeof ChildSectionSchema>;

export const UpdateParentSectionRequestSchema = z.object(
  {
    sections: z.tuple([z.literal('PARENT')], errorKey('invalidValue')),
    parent: ParentSectionSchema,
    knowsCoParentEmail,
    parentDuplicateConfirmed: optionalFlag,
  },
  errorKey('invalidValue'),
);
export type UpdateParentSectionRequest = z.infer<typeof UpdateParentSectionRequestSchema>;

/**
 * The family section as sent. Only context-free rules live here; the rules that need Parent A's
 * data (same email, same phone, email/phone required by knowsCoParentEmail, child emails) run on
 * the server with `familyFormSchema(ctx)` over `familySectionToFormValues(request)`.
 */
export const UpdateFamilySectionRequestSchema = z.object({
  sections: z.tuple([z.literal('FAMILY')], errorKey('invalidValue')),
  coParent: CoParentSectionSchema,
  coParentDuplicateConfirmed: optionalFlag,
  children: z
    .array(ChildSectionSchema, errorKey('signup_children_error'))
    .min(1, errorKey('signup_children_error')),
});
export type UpdateFamilySectionRequest = z.infer<typeof UpdateFamilySectionRequestSchema>;

/**
 * PATCH /v2/signups/{signupId}: a union on `sections` (['PARENT'], ['FAMILY'], ['PACKAGE'], or
 * the payment page's billing save ['PARENT', 'ADDRESS'] / ['PARENT', 'ADDRESS', 'REFERRAL']).
 */
export const UpdateSignupRequestSchema = z.union([
  UpdateParentSectionRequestSchema,
  UpdateFamilySectionRequestSchema,
  UpdatePackageSectionRequestSchema,
  UpdateBillingSectionRequestSchema,
]);
export type UpdateSignupRequest = z.infer<typeof UpdateSignupRequestSchema>;

const nullableString = z.string().nullable();

/** GET /v2/signups/{signupId}. */
export const SignupStateSchema = z.object(
  {
    signupId: z.uuid(),
    lastCompletedStep: z.number().int().min(0).max(4),
    parent: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: nullableString,
      phoneCountryCode: phoneCodeIdSchema.nullable(),
      phoneNumber: nullableString,
    }),
    knowsCoParentEmail: z.boolean().nullable(),
    coParent: z
      .object(
        {
          firstName: z.string(),
          lastName: z.string(),
          email: nullableString,
          phoneCountryCode: phoneCodeIdSchema.nullable(),
          phoneNumber: nullableString,
          /** "Also text them": the invitation by text too. Always sent. */
          alsoText: z.boolean().optional(),
        },
        errorKey('invalidValue'),
      )
      .nullable(),
    children: z.array(
      z.object({ firstName: z.string(), lastName: z.string(), email: nullableString }),
    ),
    expiresAt: z.iso.datetime({ offset: true }),
    /** The saved package choice (PACKAGE section); null until one is complete. Always sent. */
    order: SavedOrderSchema.nullable().optional(),
    /** The build-your-own values of the saved order (null for other packages). */
    buildYourOwn: BuildYourOwnValuesSchema.nullable().optional(),
    /** A build-your-own package chosen on /step3 whose values are not submitted yet. */
    pendingBuildYourOwnPackageId: z.number().int().nullable().optional(),
    /** The billing saved on the payment page (null until saved). Always sent. */
    billing: SavedBillingSchema.nullable().optional(),
    /** True once the signup has been paid (every later save is 409 ALREADY_PAID). */
    paid: z.boolean().optional(),
  },
  errorKey('invalidValue'),
);
export type SignupState = z.infer<typeof SignupStateSchema>;

/**
 * PATCH /v2/signups/{signupId}, 200. The billing save answers `consentRequired`. The PACKAGE save
 * also answers the signup as GET reads it after the save, and the server's price of the saved
 * order for the payment page's first pricing body when no code was applied (`orderPricingBody`:
 * the parent's phone, no codes, not paying for the co-parent) — or null when there is no complete
 * order yet (build-your-own values pending) or that body cannot be priced: the payment page then
 * asks itself. The payment prices again from the saved order; nothing here is trusted.
 */
export const UpdateSignupResponseSchema = ValidationErrorsResponseSchema.extend({
  consentRequired: z.boolean().optional(),
  signup: SignupStateSchema.optional(),
  pricing: PricingResponseSchema.nullable().optional(),
});
export type UpdateSignupResponse = z.infer<typeof UpdateSignupResponseSchema>;
