import { z } from 'zod';
import {
  BILLING_ADDRESS_MAX_LENGTH,
  BILLING_ADDRESS_MIN_LENGTH,
  BILLING_ADDRESS2_MAX_LENGTH,
  BILLING_CITY_MAX_LENGTH,
  BILLING_CITY_MIN_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '../constants/limits.js';
import { type CountryId, isCountryId } from '../lookups/countries.js';
import { hasRegions, isRegionOf } from '../lookups/regions.js';
import { hasTimeZones, isTimeZoneOf } from '../lookups/time-zones.js';
import type { MessageKey } from '../messages/en.js';
import { nullAsBlank, optionalText } from '../validation/blank.js';
import { errorKey, fieldIssue } from '../validation/fields.js';
import { isPostalCodeRequired, isValidPostalCode } from '../validation/postal.js';

/** A trimmed text of `min`–`max` characters; `key` is the message of every failure. */
function boundedText(min: number, max: number, key: MessageKey) {
  return z.string(errorKey(key)).trim().min(min, errorKey(key)).max(max, errorKey(key));
}

export const addressLineSchema = boundedText(
  BILLING_ADDRESS_MIN_LENGTH,
  BILLING_ADDRESS_MAX_LENGTH,
  'signup_billingAddress_error',
);

/** Optional second line ('' = none), at most 50. */
export const addressLine2Schema = z
  .string(errorKey('signup_addressLine2_error'))
  .trim()
  .max(BILLING_ADDRESS2_MAX_LENGTH, errorKey('signup_addressLine2_error'));

export const citySchema = boundedText(
  BILLING_CITY_MIN_LENGTH,
  BILLING_CITY_MAX_LENGTH,
  'signup_city_error',
);

/** A country of the fixed list (ISO alpha-2; lower case is accepted and upper-cased). */
export const countryIdSchema = z
  .string(errorKey('signup_country_error'))
  .trim()
  .toUpperCase()
  .refine((v): v is CountryId => isCountryId(v), errorKey('signup_country_error'));

export const regionFieldSchema = z.string(errorKey('signup_region_error')).trim().toUpperCase();
export const postalCodeFieldSchema = z.string(errorKey('signup_postalCode_error')).trim();
export const timeZoneFieldSchema = z
  .string(errorKey('signup_timezone_error'))
  .trim()
  .min(1, errorKey('signup_timezone_error'));

type AddressCore = { country: string; region: string; postalCode: string; timezone: string };
type AddressPaths = Record<keyof AddressCore, string>;

/** The fields' own names: a form whose fields are named as the rules name them. */
const SAME_PATHS: AddressPaths = {
  country: 'country',
  region: 'region',
  postalCode: 'postalCode',
  timezone: 'timezone',
};

/**
 * Rules across address fields:
 * - region: required and one of the list for countries with a region list (US, CA, AU, MX, GB);
 *   elsewhere optional free text of at most 50;
 * - postal code: the country's format via postcode-validator; required where the country has a
 *   known format, optional (but 2–30 when given) elsewhere;
 * - time zone: one of the country's zones (the region's, for US APO/FPO codes).
 */
export function checkAddress(
  value: AddressCore,
  ctx: z.RefinementCtx,
  paths: AddressPaths = SAME_PATHS,
): void {
  const { country, region, postalCode, timezone } = value;
  if (!isCountryId(country)) return;

  if (hasRegions(country)) {
    if (!isRegionOf(country, region)) {
      fieldIssue(ctx, [paths.region], 'signup_region_error');
    }
  } else if (region.length > SHORT_TEXT_MAX_LENGTH) {
    fieldIssue(ctx, [paths.region], 'signup_regionLength_error');
  }

  const postalRequired = isPostalCodeRequired(country);
  if ((postalRequired || postalCode !== '') && !isValidPostalCode(postalCode, country)) {
    fieldIssue(ctx, [paths.postalCode], 'signup_postalCode_error');
  }

  if (timezone !== '' && hasTimeZones(country) && !isTimeZoneOf(country, timezone, region)) {
    fieldIssue(ctx, [paths.timezone], 'signup_timezone_error');
  }
}

/**
 * Billing: address 3–50, address line 2 0–50, city 3–30, country and region
 * required, postal code 2–30 in the country's format, time zone required.
 */
export const billingSchema = z
  .object(
    {
      billingAddress: addressLineSchema,
      billingAddress2: addressLine2Schema,
      city: citySchema,
      country: countryIdSchema,
      region: regionFieldSchema,
      postalCode: postalCodeFieldSchema,
      timezone: timeZoneFieldSchema,
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => checkAddress(value, ctx));
export type Billing = z.infer<typeof billingSchema>;
export type BillingInput = z.input<typeof billingSchema>;

/** The billing form's address as a request body's `address` (a blank line 2 is null). */
export function billingFormAddress(values: Billing) {
  return {
    line1: values.billingAddress,
    line2: values.billingAddress2 === '' ? null : values.billingAddress2,
    city: values.city,
    region: values.region,
    postalCode: values.postalCode,
    country: values.country,
  };
}

/** A request body's billing address (the checkout's, the invited flow's, the account's). */
export const BillingAddressSchema = z.object(
  {
    line1: addressLineSchema,
    line2: nullAsBlank(addressLine2Schema),
    city: citySchema,
    region: nullAsBlank(regionFieldSchema),
    postalCode: nullAsBlank(postalCodeFieldSchema),
    country: countryIdSchema,
    /** PRIMARY in the invited flow; ignored by the checkout. */
    type: optionalText(20),
  },
  errorKey('invalidValue'),
);

/**
 * The rules across address fields for a request body: its `address` and the time zone sent
 * beside it, reported at `address.*` and at `timeZonePath`.
 */
export function checkBodyAddress(
  address: Pick<AddressCore, 'country' | 'region' | 'postalCode'>,
  timezone: string,
  ctx: z.RefinementCtx,
  timeZonePath: string,
): void {
  const { country, region, postalCode } = address;
  checkAddress({ country, region, postalCode, timezone }, ctx, {
    country: 'address.country',
    region: 'address.region',
    postalCode: 'address.postalCode',
    timezone: timeZonePath,
  });
}

/** An address as the server answers it (a saved billing, the account's): line 2 null when blank. */
export const StoredAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
