import {
  COUNTRIES_WITH_REGIONS,
  DEFAULT_PHONE_CODE,
  DEFAULT_PRO_COUNTRY,
  isCountryId,
  type Locale,
  listBenchOfficers,
  listColleagueRoles,
  listCountries,
  listPhoneCodes,
  listProReferralSources,
  listTitles,
  PROFESSIONAL_ROLE_COUNTRIES,
  type ProfessionalLookupsResponse,
  ProfessionalLookupsResponseSchema,
  professionalRolesFor,
  regionsFor,
} from '@coparent/domain';
import { AppError } from '../../errors.js';
import { OptionsSchema } from '../lookups/service.js';
import { type StaticJson, staticJsonMemo } from '../lookups/static-json.js';

/** Key of the roles offered in every country without a list of its own. */
export const DEFAULT_ROLES_KEY = 'DEFAULT';

/**
 * The option lists of the /pro form, localised: a lookup call
 * returns the option lists. Regions and roles come for every country that has a list, so the form needs no
 * further call to fill them; the per-country calls exist too.
 */
function professionalLookups(locale: Locale): ProfessionalLookupsResponse {
  return {
    titles: listTitles(locale),
    benchOfficers: listBenchOfficers(locale),
    colleagueRoles: listColleagueRoles(locale),
    countries: listCountries(locale),
    countryCodes: listPhoneCodes(locale),
    referralSources: listProReferralSources(locale),
    regions: Object.fromEntries(
      COUNTRIES_WITH_REGIONS.map((country) => [country, regionsFor(country, locale)]),
    ),
    rolesByCountry: Object.fromEntries([
      ...PROFESSIONAL_ROLE_COUNTRIES.map((country) => [
        country,
        professionalRolesFor(country, locale),
      ]),
      [DEFAULT_ROLES_KEY, professionalRolesFor(undefined, locale)],
    ]),
    defaultCountry: DEFAULT_PRO_COUNTRY,
    defaultCountryCode: DEFAULT_PHONE_CODE,
  };
}

// Static tables: each answer is serialised once per locale (and country) for the routes.
const lookupsJson = staticJsonMemo(ProfessionalLookupsResponseSchema);
const rolesJson = staticJsonMemo(OptionsSchema);

/** GET /v2/professional/lookups, serialised. */
export function professionalLookupsJson(locale: Locale): StaticJson {
  return lookupsJson(locale, () => professionalLookups(locale));
}

/** GET /v2/professional/lookups/countries/{id}/roles, serialised; 404 for an unknown country. */
export function professionalRolesJson(countryId: string, locale: Locale): StaticJson {
  const id = countryId.trim().toUpperCase();
  if (!isCountryId(id)) throw new AppError('COUNTRY_NOT_FOUND');
  return rolesJson(`${id}|${locale}`, () => professionalRolesFor(id, locale));
}
