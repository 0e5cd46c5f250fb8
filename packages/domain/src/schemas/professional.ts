import { z } from 'zod';
import {
  BENCH_OFFICERS,
  type BenchOfficer,
  COLLEAGUE_ROLES,
  type ColleagueRole,
  PRO_REFERRAL_SOURCES,
  TITLES,
  type Title,
} from '../constants/enums.js';
import {
  LONG_TEXT_MAX_LENGTH,
  PHONE_EXTENSION_MAX_DIGITS,
  REFERRAL_OTHER_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '../constants/limits.js';
import { isCountryId } from '../lookups/countries.js';
import { isProfessionalRoleOf, PROFESSIONAL_ROLES } from '../lookups/professional-roles.js';
import type { MessageKey } from '../messages/en.js';
import {
  emailSchema,
  errorKey,
  fieldIssue,
  NAME_SPOOFING_RULE,
  personNameFields,
  phoneCodeIdSchema,
  phoneNumberSchema,
} from '../validation/fields.js';
import { cleanName, codePointLength, containsEmoji } from '../validation/text.js';
import {
  addressLine2Schema,
  addressLineSchema,
  checkAddress,
  citySchema,
  countryIdSchema,
  postalCodeFieldSchema,
  regionFieldSchema,
  timeZoneFieldSchema,
} from './address.js';

/** A select that may be left empty: '' or one of the values (`key` names the select). */
function optionalChoice<const T extends readonly string[]>(values: T, key: MessageKey) {
  return z
    .string(errorKey(key))
    .refine((v): v is T[number] | '' => v === '' || values.includes(v), errorKey(key));
}

/**
 * A referral person's name: cleaned like a name, no emoji, at most 50 (may be '' here);
 * `requiredKey` names whose name it is.
 */
const makeReferralNameSchema = (requiredKey: MessageKey) =>
  z
    .string(errorKey(requiredKey))
    .overwrite(cleanName)
    .refine((v) => !containsEmoji(v), errorKey('signup_nameEmoji_error'))
    .refine(...NAME_SPOOFING_RULE)
    .refine(
      (v) => codePointLength(v) <= SHORT_TEXT_MAX_LENGTH,
      errorKey('signup_referralNameLength_error'),
    );

/**
 * Professional step 1. Required: first and last name, email, phone code and number, hearAboutUs.
 * Optional: title, credentials (≤ 50), phone extension (digits, ≤ 10). Referral follow-ups:
 * BENCH_OFFICER needs the officer's name and position, REFERRED_BY_COLLEAGUE the colleague's name
 * and role, OTHER an explanation (≤ 200).
 */
export const ProStepOneSchema = z
  .object(
    {
      title: optionalChoice(TITLES, 'invalidValue').optional(),
      ...personNameFields,
      credentials: z
        .string(errorKey('signup_credentialsLength_error'))
        .trim()
        .max(SHORT_TEXT_MAX_LENGTH, errorKey('signup_credentialsLength_error'))
        .optional(),
      email: emailSchema,
      phoneCountryCode: phoneCodeIdSchema,
      phoneNumber: phoneNumberSchema,
      phoneExtension: z
        .string(errorKey('signup_phoneExtensionDigits_error'))
        .trim()
        .regex(/^[0-9]*$/, errorKey('signup_phoneExtensionDigits_error'))
        .max(PHONE_EXTENSION_MAX_DIGITS, errorKey('signup_phoneExtension_error'))
        .optional(),
      hearAboutUs: z.enum(PRO_REFERRAL_SOURCES, errorKey('signup_hearAboutUs_error')),
      referralBenchOfficerName: makeReferralNameSchema(
        'signup_referralBenchOfficerName_error',
      ).optional(),
      referralBenchOfficerPosition: optionalChoice(
        BENCH_OFFICERS,
        'signup_referralPosition_error',
      ).optional(),
      referralColleagueName: makeReferralNameSchema(
        'signup_referralColleagueName_error',
      ).optional(),
      referralColleagueRole: optionalChoice(
        COLLEAGUE_ROLES,
        'signup_referralColleagueRole_error',
      ).optional(),
      referralOther: z
        .string(errorKey('signup_referralOtherLength_error'))
        .trim()
        .max(REFERRAL_OTHER_MAX_LENGTH, errorKey('signup_referralOtherLength_error'))
        .optional(),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    const missing = (path: string, message: string) => fieldIssue(ctx, [path], message);
    if (value.hearAboutUs === 'BENCH_OFFICER') {
      if (!value.referralBenchOfficerName) {
        missing('referralBenchOfficerName', 'signup_referralBenchOfficerName_error');
      }
      if (!value.referralBenchOfficerPosition)
        missing('referralBenchOfficerPosition', 'signup_referralPosition_error');
    }
    if (value.hearAboutUs === 'REFERRED_BY_COLLEAGUE') {
      if (!value.referralColleagueName)
        missing('referralColleagueName', 'signup_referralColleagueName_error');
      if (!value.referralColleagueRole)
        missing('referralColleagueRole', 'signup_referralColleagueRole_error');
    }
    if (value.hearAboutUs === 'OTHER' && !value.referralOther) {
      missing('referralOther', 'signup_referralOther_error');
    }
  });
export type ProStepOne = z.infer<typeof ProStepOneSchema>;
export type ProStepOneInput = z.input<typeof ProStepOneSchema>;
export type { BenchOfficer, ColleagueRole, Title };

/**
 * Professional step 2: practice name (≤ 100), address line 1 (3–50), line 2 (≤ 50), country, city
 * (3–30), region, postal code, time zone, and at least one role. Address rules as for billing.
 * Roles are ids of the country's list (`professionalRoleIdsFor(country)`), without repeats.
 */
export const ProStepTwoSchema = z
  .object(
    {
      practiceName: z
        .string(errorKey('signup_practiceName_error'))
        .trim()
        .min(1, errorKey('signup_practiceName_error'))
        .max(LONG_TEXT_MAX_LENGTH, errorKey('signup_practiceNameLength_error'))
        .refine(...NAME_SPOOFING_RULE),
      addressLine1: addressLineSchema,
      addressLine2: addressLine2Schema.optional(),
      country: countryIdSchema,
      city: citySchema,
      region: regionFieldSchema,
      postalCode: postalCodeFieldSchema,
      timezone: timeZoneFieldSchema,
      roles: z
        .array(
          z.string(errorKey('signup_roles_error')).trim().min(1, errorKey('signup_roles_error')),
          errorKey('signup_roles_error'),
        )
        .min(1, errorKey('signup_roles_error'))
        .max(PROFESSIONAL_ROLES.length, errorKey('signup_rolesCountry_error')),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    checkAddress(value, ctx);
    // A role must be offered in the chosen country (an unknown country is reported already).
    const { country, roles } = value;
    const repeated = new Set(roles).size !== roles.length;
    if (
      isCountryId(country) &&
      (repeated || roles.some((r) => !isProfessionalRoleOf(country, r)))
    ) {
      fieldIssue(ctx, ['roles'], 'signup_rolesCountry_error');
    }
  });
export type ProStepTwo = z.infer<typeof ProStepTwoSchema>;
export type ProStepTwoInput = z.input<typeof ProStepTwoSchema>;

export const PRO_STEPS = ['ONE', 'TWO', 'THREE'] as const;
export type ProStep = (typeof PRO_STEPS)[number];
