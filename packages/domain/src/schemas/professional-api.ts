import { z } from 'zod';
import { PHONE_CODE_IDS } from '../constants/phone-codes.js';
import { errorKey } from '../validation/fields.js';
import { ProStepOneSchema, ProStepTwoSchema } from './professional.js';
import { ProStepThreeSchema } from './security.js';

/**
 * Request and response shapes of the professional calls (`POST /v2/professional/users/validator`,
 * `POST /v2/professional/users`, `GET /v2/professional/lookups`). See docs/professionals.md.
 */

export const PRO_VALIDATOR_STEPS = [1, 2, 3] as const;
export type ProValidatorStep = (typeof PRO_VALIDATOR_STEPS)[number];

/** The schema of one step's values. */
export function proStepSchema(step: ProValidatorStep) {
  switch (step) {
    case 1:
      return ProStepOneSchema;
    case 2:
      return ProStepTwoSchema;
    case 3:
      return ProStepThreeSchema;
  }
}

/**
 * Validator body: the step and its values (the step schema's field names). Only this envelope is
 * checked as the request schema (a failure is the app's usual 422); the values are checked by the
 * step's schema and answered 409 `{ validationErrors }` as the spec fixes.
 */
export const ProValidatorRequestSchema = z.object(
  {
    step: z.union(
      PRO_VALIDATOR_STEPS.map((step) => z.literal(step)),
      errorKey('invalidValue'),
    ),
    values: z.record(z.string(), z.unknown(), errorKey('invalidValue')),
  },
  errorKey('invalidValue'),
);
export type ProValidatorRequest = z.infer<typeof ProValidatorRequestSchema>;

export const ProValidatorResponseSchema = z.object({ valid: z.literal(true) });
export type ProValidatorResponse = z.infer<typeof ProValidatorResponseSchema>;

/** Create body: every field of the three steps, flat, with the same names and rules. */
export const CreateProfessionalRequestSchema = z.intersection(
  ProStepOneSchema,
  z.intersection(ProStepTwoSchema, ProStepThreeSchema),
);
export type CreateProfessionalRequest = z.infer<typeof CreateProfessionalRequestSchema>;
export type CreateProfessionalRequestInput = z.input<typeof CreateProfessionalRequestSchema>;

const OptionSchema = z.object({ id: z.string(), name: z.string() });

/** The created professional, as the success page shows it (names localised by `language`). */
export const ProfessionalUserSchema = z.object({
  userId: z.uuid(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  title: OptionSchema.nullable(),
  credentials: z.string().nullable(),
  email: z.string(),
  practiceName: z.string(),
  phone: z.object({
    countryCode: z.enum(PHONE_CODE_IDS),
    dialCode: z.string(),
    number: z.string(),
    extension: z.string().nullable(),
  }),
  country: OptionSchema,
  region: OptionSchema.nullable(),
  timezone: OptionSchema,
  roles: z.array(OptionSchema),
});
export type ProfessionalUser = z.infer<typeof ProfessionalUserSchema>;

export const CreateProfessionalResponseSchema = z.object({ user: ProfessionalUserSchema });
export type CreateProfessionalResponse = z.infer<typeof CreateProfessionalResponseSchema>;

/** `GET /v2/professional/lookups`: every option list of the /pro form, localised. */
export const ProfessionalLookupsResponseSchema = z.object({
  titles: z.array(OptionSchema),
  benchOfficers: z.array(OptionSchema),
  colleagueRoles: z.array(OptionSchema),
  countries: z.array(OptionSchema),
  countryCodes: z.array(
    z.object({ id: z.enum(PHONE_CODE_IDS), dialCode: z.string(), name: z.string() }),
  ),
  referralSources: z.array(OptionSchema),
  /** Regions of the countries that have a list (US, CA, AU, MX, GB), by country id. */
  regions: z.record(z.string(), z.array(OptionSchema)),
  /** Roles of the countries with a list of their own, by country id; `DEFAULT` for the rest. */
  rolesByCountry: z.record(z.string(), z.array(OptionSchema)),
  defaultCountry: z.string(),
  defaultCountryCode: z.enum(PHONE_CODE_IDS),
});
export type ProfessionalLookupsResponse = z.infer<typeof ProfessionalLookupsResponseSchema>;
