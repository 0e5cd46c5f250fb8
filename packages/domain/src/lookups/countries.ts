import countries from 'i18n-iso-countries';
import enCountryNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import esCountryNames from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import type { Locale } from '../constants/locale.js';

countries.registerLocale(enCountryNames);
countries.registerLocale(esCountryNames);

/**
 * The fixed country list (ISO 3166-1 alpha-2): every assigned code plus XK (Kosovo), without the
 * uninhabited territories AQ, BV, GS, HM, TF and UM.
 */
// biome-ignore format: a compact table
export const COUNTRY_IDS = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR',
  'BS', 'BT', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM',
  'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB',
  'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GT', 'GU', 'GW',
  'GY', 'HK', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS',
  'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY',
  'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD',
  'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU',
  'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR',
  'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT',
  'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH',
  'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC',
  'TD', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA',
  'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'XK', 'YE',
  'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryId = (typeof COUNTRY_IDS)[number];

const COUNTRY_ID_SET: ReadonlySet<string> = new Set(COUNTRY_IDS);

export function isCountryId(value: unknown): value is CountryId {
  return typeof value === 'string' && COUNTRY_ID_SET.has(value);
}

/** Everyday names where the library's default is the long official form. */
const NAME_OVERRIDES: Record<Locale, Partial<Record<CountryId, string>>> = {
  en: {
    US: 'United States',
    CN: 'China',
    IR: 'Iran',
    RU: 'Russia',
    TW: 'Taiwan',
    TZ: 'Tanzania',
    MK: 'North Macedonia',
    PS: 'Palestine',
    VA: 'Vatican City',
    GM: 'The Gambia',
    LA: 'Laos',
    MD: 'Moldova',
    FM: 'Micronesia',
    SY: 'Syria',
    VG: 'British Virgin Islands',
    VI: 'U.S. Virgin Islands',
  },
  'es-MX': {
    KR: 'Corea del Sur',
    KP: 'Corea del Norte',
    VA: 'Ciudad del Vaticano',
    LA: 'Laos',
    SY: 'Siria',
    CD: 'República Democrática del Congo',
    CG: 'República del Congo',
    SH: 'Santa Elena',
  },
};

const LIBRARY_LANG: Record<Locale, string> = { en: 'en', 'es-MX': 'es' };

/** The country's name in the locale (the id itself when unknown). */
export function countryName(id: string, locale: Locale): string {
  const upper = id.toUpperCase();
  const override = NAME_OVERRIDES[locale][upper as CountryId];
  if (override) return override;
  return countries.getName(upper, LIBRARY_LANG[locale]) ?? upper;
}

export type CountryOption = { id: CountryId; name: string };

const collators = new Map<Locale, Intl.Collator>();
export function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator;
}

/** The fixed country list with localised names, sorted by name in the locale. */
export function listCountries(locale: Locale): CountryOption[] {
  const collator = collatorFor(locale);
  return COUNTRY_IDS.map((id) => ({ id, name: countryName(id, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
