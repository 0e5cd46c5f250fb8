import type { Locale } from '../constants/locale.js';
import { collatorFor } from './countries.js';

/** [id, English name, Spanish name when it differs]. */
type RegionRow = readonly [id: string, en: string, es?: string];

/** US states, DC and the APO/FPO military "states" AA, AE and AP (USPS codes). */
const US_REGIONS: readonly RegionRow[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia', 'Distrito de Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii', 'Hawái'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana', 'Luisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan', 'Míchigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi', 'Misisipi'],
  ['MO', 'Missouri', 'Misuri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire', 'Nuevo Hampshire'],
  ['NJ', 'New Jersey', 'Nueva Jersey'],
  ['NM', 'New Mexico', 'Nuevo México'],
  ['NY', 'New York', 'Nueva York'],
  ['NC', 'North Carolina', 'Carolina del Norte'],
  ['ND', 'North Dakota', 'Dakota del Norte'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon', 'Oregón'],
  ['PA', 'Pennsylvania', 'Pensilvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina', 'Carolina del Sur'],
  ['SD', 'South Dakota', 'Dakota del Sur'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia', 'Virginia Occidental'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AA', 'Armed Forces Americas (AA)', 'Fuerzas Armadas de América (AA)'],
  ['AE', 'Armed Forces Europe (AE)', 'Fuerzas Armadas de Europa (AE)'],
  ['AP', 'Armed Forces Pacific (AP)', 'Fuerzas Armadas del Pacífico (AP)'],
];

/** APO/FPO military region codes of the US list. */
export const US_MILITARY_REGIONS = ['AA', 'AE', 'AP'] as const;

export function isMilitaryRegion(regionId: string | null | undefined): boolean {
  return (US_MILITARY_REGIONS as readonly string[]).includes(regionId ?? '');
}

/** Canadian provinces and territories (Canada Post codes). */
const CA_REGIONS: readonly RegionRow[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia', 'Columbia Británica'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick', 'Nuevo Brunswick'],
  ['NL', 'Newfoundland and Labrador', 'Terranova y Labrador'],
  ['NS', 'Nova Scotia', 'Nueva Escocia'],
  ['NT', 'Northwest Territories', 'Territorios del Noroeste'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island', 'Isla del Príncipe Eduardo'],
  ['QC', 'Quebec', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

/** Australian states and territories (Australia Post abbreviations). */
const AU_REGIONS: readonly RegionRow[] = [
  ['ACT', 'Australian Capital Territory', 'Territorio de la Capital Australiana'],
  ['NSW', 'New South Wales', 'Nueva Gales del Sur'],
  ['NT', 'Northern Territory', 'Territorio del Norte'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia', 'Australia Meridional'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia', 'Australia Occidental'],
];

/** Mexican states (ISO 3166-2:MX subdivision codes). */
const MX_REGIONS: readonly RegionRow[] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Mexico City', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'State of Mexico', 'Estado de México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
];

/** The four nations of the United Kingdom (ISO 3166-2:GB codes). */
const GB_REGIONS: readonly RegionRow[] = [
  ['ENG', 'England', 'Inglaterra'],
  ['NIR', 'Northern Ireland', 'Irlanda del Norte'],
  ['SCT', 'Scotland', 'Escocia'],
  ['WLS', 'Wales', 'Gales'],
];

const REGIONS_BY_COUNTRY: Readonly<Record<string, readonly RegionRow[]>> = {
  US: US_REGIONS,
  CA: CA_REGIONS,
  AU: AU_REGIONS,
  MX: MX_REGIONS,
  GB: GB_REGIONS,
};

/** Countries that have a region list (region is then required and must be one of them). */
export const COUNTRIES_WITH_REGIONS = Object.keys(REGIONS_BY_COUNTRY);

export type RegionOption = { id: string; name: string };

export function hasRegions(countryId: string | null | undefined): boolean {
  return Object.hasOwn(REGIONS_BY_COUNTRY, (countryId ?? '').toUpperCase());
}

/** Region ids of a country, in table order ([] when the country has no list). */
export function regionIdsFor(countryId: string | null | undefined): string[] {
  return (REGIONS_BY_COUNTRY[(countryId ?? '').toUpperCase()] ?? []).map(([id]) => id);
}

export function isRegionOf(countryId: string | null | undefined, regionId: string): boolean {
  return regionIdsFor(countryId).includes(regionId.toUpperCase());
}

/**
 * Regions of a country with names in the locale, sorted by name (the US military codes AA, AE, AP
 * last); [] for countries without a list.
 */
export function regionsFor(countryId: string | null | undefined, locale: Locale): RegionOption[] {
  const rows = REGIONS_BY_COUNTRY[(countryId ?? '').toUpperCase()] ?? [];
  const collator = collatorFor(locale);
  const options = rows.map(([id, en, es]) => ({ id, name: locale === 'es-MX' ? (es ?? en) : en }));
  // Sorted by name; the APO/FPO codes stay together at the end of the US list.
  const named = options.filter((o) => !isMilitaryRegion(o.id) || countryId?.toUpperCase() !== 'US');
  const military = options.filter(
    (o) => isMilitaryRegion(o.id) && countryId?.toUpperCase() === 'US',
  );
  return [...named.sort((a, b) => collator.compare(a.name, b.name)), ...military];
}

/** A region's name in the locale (the id itself when unknown). */
export function regionName(countryId: string, regionId: string, locale: Locale): string {
  const row = (REGIONS_BY_COUNTRY[countryId.toUpperCase()] ?? []).find(
    ([id]) => id === regionId.toUpperCase(),
  );
  if (!row) return regionId;
  return locale === 'es-MX' ? (row[2] ?? row[1]) : row[1];
}
