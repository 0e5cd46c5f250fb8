import {
  DEFAULT_COUNTRIES,
  isCountryId,
  isRegionOf,
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
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { staticJson, staticJsonMemo } from './static-json.js';

/** `{ id, name }[]`: regions, time zones, roles. */
export const OptionsSchema = z.array(z.object({ id: z.string(), name: z.string() }));

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

function regionId(region: string | undefined): string | undefined {
  return region?.trim().toUpperCase() || undefined;
}

export function timeZones(countryId: string, region: string | undefined, locale: Locale) {
  return timeZonesFor(knownCountry(countryId), regionId(region), locale);
}

/** A cache key for a known country's time zones; undefined when the region is not one of its. */
function timeZoneKey(countryId: string, region: string | undefined): string | undefined {
  const id = regionId(region);
  if (id === undefined) return countryId;
  return isRegionOf(countryId, id) ? `${countryId}|${id}` : undefined;
}

/** Regions and time zones of a country, serialised once per country, region and locale. */
export function countryLookupMemos() {
  const regionsJson = staticJsonMemo(OptionsSchema);
  const timeZonesJson = staticJsonMemo(OptionsSchema);
  return {
    regions(id: string, locale: Locale) {
      const country = knownCountry(id);
      return regionsJson(`${country}|${locale}`, () => regions(country, locale));
    },
    timeZones(id: string, region: string | undefined, locale: Locale) {
      const country = knownCountry(id);
      const key = timeZoneKey(country, region);
      const build = () => timeZones(country, region, locale);
      // A region we do not know is answered without keeping it (visitors choose the key).
      return key === undefined
        ? staticJson(OptionsSchema, build())
        : timeZonesJson(`${key}|${locale}`, build);
    },
  };
}
