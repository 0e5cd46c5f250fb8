import { getAllTimezones, getTimezonesForCountry, type Timezone } from 'countries-and-timezones';
import type { Locale } from '../constants/locale.js';
import { isMilitaryRegion } from './regions.js';

/**
 * Hand-kept state → zones map for the US (canonical IANA ids of the country's list). The first zone
 * is the one most of the state uses.
 */
const US_ZONES_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  AL: ['America/Chicago'],
  AK: [
    'America/Anchorage',
    'America/Juneau',
    'America/Sitka',
    'America/Yakutat',
    'America/Nome',
    'America/Metlakatla',
    'America/Adak',
  ],
  AZ: ['America/Phoenix', 'America/Denver'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  DC: ['America/New_York'],
  FL: ['America/New_York', 'America/Chicago'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: [
    'America/Indiana/Indianapolis',
    'America/Chicago',
    'America/Indiana/Knox',
    'America/Indiana/Marengo',
    'America/Indiana/Petersburg',
    'America/Indiana/Tell_City',
    'America/Indiana/Vevay',
    'America/Indiana/Vincennes',
    'America/Indiana/Winamac',
  ],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: [
    'America/New_York',
    'America/Kentucky/Louisville',
    'America/Kentucky/Monticello',
    'America/Chicago',
  ],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles', 'America/Denver'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: [
    'America/Chicago',
    'America/Denver',
    'America/North_Dakota/Center',
    'America/North_Dakota/New_Salem',
    'America/North_Dakota/Beulah',
  ],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Los_Angeles', 'America/Boise'],
  PA: ['America/New_York'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/Chicago', 'America/New_York'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
};

/** Hand-kept province → zones map for Canada. */
const CA_ZONES_BY_PROVINCE: Readonly<Record<string, readonly string[]>> = {
  AB: ['America/Edmonton'],
  BC: ['America/Vancouver', 'America/Dawson_Creek', 'America/Fort_Nelson', 'America/Edmonton'],
  MB: ['America/Winnipeg'],
  NB: ['America/Moncton', 'America/Halifax'],
  NL: ['America/St_Johns', 'America/Goose_Bay'],
  NS: ['America/Halifax', 'America/Glace_Bay'],
  NT: ['America/Edmonton', 'America/Inuvik'],
  NU: ['America/Iqaluit', 'America/Rankin_Inlet', 'America/Cambridge_Bay', 'America/Resolute'],
  ON: ['America/Toronto', 'America/Winnipeg'],
  PE: ['America/Halifax'],
  QC: ['America/Toronto', 'America/Halifax'],
  SK: ['America/Regina', 'America/Swift_Current', 'America/Edmonton'],
  YT: ['America/Whitehorse', 'America/Dawson'],
};

/** Zone-name prefixes for the APO/FPO regions (the person may be anywhere in that area). */
const MILITARY_ZONE_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  AA: ['America/'],
  AE: ['Europe/', 'Africa/', 'Asia/', 'Atlantic/'],
  AP: ['Asia/', 'Pacific/', 'Australia/', 'Indian/'],
};

export const ZONES_BY_REGION: Readonly<
  Record<string, Readonly<Record<string, readonly string[]>>>
> = {
  US: US_ZONES_BY_STATE,
  CA: CA_ZONES_BY_PROVINCE,
};

export type TimeZoneOption = { id: string; name: string };

function canonical(zones: readonly Timezone[]): Timezone[] {
  return zones.filter((z) => z.aliasOf === null);
}

function countryZones(countryId: string): Timezone[] {
  return canonical(getTimezonesForCountry(countryId.toUpperCase()) ?? []);
}

function zonesFor(countryId: string, regionId?: string | null): Timezone[] {
  const country = countryId.toUpperCase();
  const region = (regionId ?? '').toUpperCase();
  if (country === 'US' && isMilitaryRegion(region)) {
    const prefixes = MILITARY_ZONE_PREFIXES[region] ?? [];
    return canonical(Object.values(getAllTimezones())).filter((z) =>
      prefixes.some((p) => z.name.startsWith(p)),
    );
  }
  const all = countryZones(country);
  const byRegion = ZONES_BY_REGION[country]?.[region];
  if (!byRegion) return all;
  return byRegion
    .map((id) => all.find((z) => z.name === id))
    .filter((z): z is Timezone => z !== undefined);
}

/**
 * IANA time-zone ids for a country, narrowed by region for US and CA (APO/FPO regions get the
 * zones of their area). Region order puts the state's main zone first; otherwise west to east.
 */
export function timeZoneIdsFor(countryId: string, regionId?: string | null): string[] {
  const zones = zonesFor(countryId, regionId);
  const regional = ZONES_BY_REGION[countryId.toUpperCase()]?.[(regionId ?? '').toUpperCase()];
  if (regional) return zones.map((z) => z.name);
  return [...zones]
    .sort((a, b) => a.utcOffset - b.utcOffset || a.name.localeCompare(b.name))
    .map((z) => z.name);
}

/** Is this zone valid for the country (any of its zones; region-specific lists are subsets)? */
export function isTimeZoneOf(
  countryId: string,
  timeZoneId: string,
  regionId?: string | null,
): boolean {
  const base: string[] = countryZones(countryId).map((z) => z.name);
  if (base.includes(timeZoneId)) return true;
  return timeZoneIdsFor(countryId, regionId).includes(timeZoneId);
}

/** Whether the country has any time zone in the library (if not, the field cannot be checked). */
export function hasTimeZones(countryId: string): boolean {
  return countryZones(countryId).length > 0;
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };
const NAME_REFERENCE_DATE = new Date(Date.UTC(2025, 0, 15, 12));

function genericZoneName(id: string, locale: Locale): string | undefined {
  for (const style of ['longGeneric', 'long'] as const) {
    try {
      const part = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        timeZone: id,
        timeZoneName: style,
      })
        .formatToParts(NAME_REFERENCE_DATE)
        .find((p) => p.type === 'timeZoneName');
      if (part?.value) return part.value;
    } catch {
      // unknown zone or style in this runtime: try the next one
    }
  }
  return undefined;
}

/**
 * Intl names a zone's metazone ("Central Time") but has no API for its exemplar city, and IANA ids
 * are English: the places of the countries we sell in that Spanish writes differently.
 */
const SPANISH_PLACES: Readonly<Record<string, string>> = {
  Bahia_Banderas: 'Bahía de Banderas',
  Cancun: 'Cancún',
  Ciudad_Juarez: 'Ciudad Juárez',
  Dublin: 'Dublín',
  London: 'Londres',
  Mazatlan: 'Mazatlán',
  Merida: 'Mérida',
  Mexico_City: 'Ciudad de México',
  New_York: 'Nueva York',
  North_Dakota: 'Dakota del Norte',
  St_Johns: 'San Juan de Terranova',
  Sydney: 'Sídney',
};

/** 'America/Indiana/Knox' → 'Knox, Indiana'; 'America/Mexico_City' → 'Ciudad de México' in Spanish. */
export function zoneCity(id: string, locale: Locale = 'en'): string {
  const parts = id.split('/').slice(1).reverse();
  return (parts.length > 0 ? parts : [id])
    .map((part) => (locale === 'es-MX' && SPANISH_PLACES[part]) || part.replace(/_/g, ' '))
    .join(', ');
}

/** CLDR's Spanish "hora de {país}" drops the article that a few country names always carry. */
function withSpanishArticle(name: string): string {
  return name.replace(/\bde (Reino Unido|Países Bajos)\b/, 'del $1');
}

/**
 * A zone's display name in the locale, from Intl: the generic name and the zone's city,
 * e.g. 'Central Time (Chicago)', 'Hora estándar central (Ciudad de México)'.
 */
export function timeZoneName(id: string, locale: Locale): string {
  const found = genericZoneName(id, locale);
  const city = zoneCity(id, locale);
  if (!found) return city;
  const generic = locale === 'es-MX' ? withSpanishArticle(found) : found;
  const capitalised = generic.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + generic.slice(1);
  return `${capitalised} (${city})`;
}

/** Time zones for a country (and region, for US and CA) with names in the locale. */
export function timeZonesFor(
  countryId: string,
  regionId?: string | null,
  locale: Locale = 'en',
): TimeZoneOption[] {
  return timeZoneIdsFor(countryId, regionId).map((id) => ({ id, name: timeZoneName(id, locale) }));
}
