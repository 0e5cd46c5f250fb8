import { z } from 'zod';
import { PRICING_GROUPS, type PricingGroup } from '../constants/enums.js';
import { isPhoneCodeId, PHONE_CODES } from '../constants/phone-codes.js';
import { isCountryId } from '../lookups/countries.js';

/**
 * Which pricing group a visitor gets (docs/pricing.md, "Pricing groups"):
 * 1. a known country decides (the rules' `countries` table, e.g. US → P3; CA, GB, IE, AU, NZ,
 *    MX → P2; any other country → the default group, P0);
 * 2. when the country is unknown (missing or not an ISO code), the phone decides: its country
 *    code, and for +1 its area code (Canadian area codes → CA, any other → US);
 * 3. nothing known → the default group.
 * The rules themselves are catalog data (apps/server/catalog/pricing-groups.json).
 */

export const PricingGroupSchema = z.enum(PRICING_GROUPS);

export type PricingGroupRules = {
  defaultGroup: PricingGroup;
  countries: Readonly<Partial<Record<string, PricingGroup>>>;
};

export type CountryCriteria = {
  /** ISO 3166-1 alpha-2, any case. */
  country?: string | null;
  /** The phone's country calling code: '1', '+44', or a PhoneCodeId such as 'MEXICO'. */
  countryCode?: string | null;
  phoneNumber?: string | null;
};

export type PricingCountrySource = 'COUNTRY' | 'PHONE' | 'NONE';

/**
 * Canadian NANP area codes (CRTC list, including overlays announced to 2025). A +1 number whose
 * area code is here is Canadian; any other +1 number is taken as the United States.
 */
// biome-ignore format: a compact table
export const CANADIAN_AREA_CODES: ReadonlySet<string> = new Set([
  '204', '226', '236', '249', '250', '257', '263', '289', '306', '343', '354', '365', '367', '368',
  '382', '387', '403', '416', '418', '428', '431', '437', '438', '450', '460', '468', '474', '506',
  '514', '519', '537', '548', '568', '579', '581', '584', '587', '604', '613', '639', '647', '672',
  '683', '705', '709', '742', '753', '778', '780', '782', '807', '819', '825', '867', '873', '879',
  '902', '905', '942',
]);

/** Calling codes of the countries we price in (besides +1, which the area code splits). */
const CALLING_CODE_COUNTRIES: Readonly<Record<string, string>> = {
  '44': 'GB',
  '52': 'MX',
  '61': 'AU',
  '64': 'NZ',
  '353': 'IE',
};

/** '1', '+1', ' +44 ', 'US_CANADA', 'MEXICO' → '1', '1', '44', '1', '52'; anything else → undefined. */
export function dialCodeFromInput(value: string | null | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return undefined;
  if (isPhoneCodeId(trimmed)) return PHONE_CODES[trimmed].dialCode.slice(1);
  const match = /^\+?(\d{1,4})$/.exec(trimmed);
  return match?.[1];
}

/** The country a phone number belongs to, as far as pricing needs it; undefined when unknown. */
export function countryFromPhone(
  countryCode: string | null | undefined,
  phoneNumber?: string | null,
): string | undefined {
  const dial = dialCodeFromInput(countryCode);
  if (dial === undefined) return undefined;
  if (dial === '1') {
    const digits = (phoneNumber ?? '').replace(/\D/g, '');
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    return CANADIAN_AREA_CODES.has(national.slice(0, 3)) ? 'CA' : 'US';
  }
  return CALLING_CODE_COUNTRIES[dial];
}

/** The country pricing uses: the given one when it is a known ISO code, else the phone's. */
export function resolvePricingCountry(criteria: CountryCriteria): {
  country: string | null;
  source: PricingCountrySource;
} {
  const given = (criteria.country ?? '').trim().toUpperCase();
  if (isCountryId(given)) return { country: given, source: 'COUNTRY' };
  const fromPhone = countryFromPhone(criteria.countryCode, criteria.phoneNumber);
  if (fromPhone) return { country: fromPhone, source: 'PHONE' };
  return { country: null, source: 'NONE' };
}

/** The pricing group for the visitor, with the country it was decided by (null when none). */
export function resolvePricingGroup(
  rules: PricingGroupRules,
  criteria: CountryCriteria,
): { pricingGroup: PricingGroup; country: string | null; source: PricingCountrySource } {
  const resolved = resolvePricingCountry(criteria);
  const pricingGroup =
    (resolved.country !== null ? rules.countries[resolved.country] : undefined) ??
    rules.defaultGroup;
  return { pricingGroup, ...resolved };
}
