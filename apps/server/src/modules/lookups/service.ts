import {
  DEFAULT_COUNTRIES,
  isCountryId,
  type Locale,
  listBenchOfficers,
  listColleagueRoles,
  listCountries,
  listParentReferrals,
  listPhoneCodes,
  listProReferralSources,
  listTitles,
  regionsFor,
  timeZonesFor,
} from '@coparent/domain';
import { AppError } from '../../errors.js';

/** Country ids arrive in any case (`us`, `US`). Unknown countries are 404 COUNTRY_NOT_FOUND. */
function knownCountry(id: string): string {
  const countryId = id.trim().toUpperCase();
  if (!isCountryId(countryId)) throw new AppError('COUNTRY_NOT_FOUND');
  return countryId;
}

/** The option lists of the join funnel, localised; data comes from the domain's lookups. */
export function lookups(locale: Locale) {
  return {
    countries: listCountries(locale),
    defaultCountries: [...DEFAULT_COUNTRIES],
    phoneCodes: listPhoneCodes(locale),
    titles: listTitles(locale),
    referralSources: listParentReferrals(locale),
    proReferralSources: listProReferralSources(locale),
    benchOfficers: listBenchOfficers(locale),
    colleagueRoles: listColleagueRoles(locale),
  };
}

export function regions(countryId: string, locale: Locale) {
  return regionsFor(knownCountry(countryId), locale);
}

export function timeZones(countryId: string, region: string | undefined, locale: Locale) {
  return timeZonesFor(knownCountry(countryId), region?.trim().toUpperCase() || undefined, locale);
}
