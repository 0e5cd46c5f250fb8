import { getTimezonesForCountry } from 'countries-and-timezones';
import { describe, expect, it } from 'vitest';
import { COUNTRY_IDS, countryName, isCountryId, listCountries } from './countries.js';
import { listParentReferrals, listPhoneCodes, listTitles } from './options.js';
import { hasRegions, regionIdsFor, regionName, regionsFor } from './regions.js';
import {
  isTimeZoneOf,
  timeZoneIdsFor,
  timeZoneName,
  timeZonesFor,
  ZONES_BY_REGION,
  zoneCity,
} from './time-zones.js';

describe('countries', () => {
  it('is a fixed list of unique ISO alpha-2 ids', () => {
    expect(new Set(COUNTRY_IDS).size).toBe(COUNTRY_IDS.length);
    for (const id of COUNTRY_IDS) expect(id).toMatch(/^[A-Z]{2}$/);
    expect(isCountryId('US')).toBe(true);
    expect(isCountryId('AQ')).toBe(false);
  });

  it('has English and Spanish names for every country', () => {
    for (const id of COUNTRY_IDS) {
      expect(countryName(id, 'en')).not.toBe(id);
      expect(countryName(id, 'es-MX')).not.toBe(id);
    }
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('US', 'es-MX')).toBe('Estados Unidos');
    expect(countryName('MX', 'es-MX')).toBe('México');
    expect(countryName('GB', 'es-MX')).toBe('Reino Unido');
    expect(countryName('gb', 'en')).toBe('United Kingdom');
  });

  it('sorts by localised name', () => {
    const es = listCountries('es-MX');
    expect(es).toHaveLength(COUNTRY_IDS.length);
    const names = es.map((c) => c.name);
    expect(names.indexOf('Alemania')).toBeLessThan(names.indexOf('Zambia'));
  });
});

describe('regions', () => {
  it('lists US states, DC and the APO/FPO codes, military last', () => {
    const us = regionsFor('US', 'en');
    expect(us).toHaveLength(54);
    expect(us.map((r) => r.id)).toContain('DC');
    expect(us.slice(-3).map((r) => r.id)).toEqual(['AA', 'AE', 'AP']);
    expect(regionName('US', 'NY', 'es-MX')).toBe('Nueva York');
    expect(regionName('US', 'TX', 'es-MX')).toBe('Texas');
  });

  it('lists CA, AU, MX and GB regions and nothing elsewhere', () => {
    expect(regionIdsFor('CA')).toHaveLength(13);
    expect(regionIdsFor('AU')).toHaveLength(8);
    expect(regionIdsFor('MX')).toHaveLength(32);
    expect(regionIdsFor('GB')).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
    expect(regionsFor('FR', 'en')).toEqual([]);
    expect(hasRegions('fr')).toBe(false);
    expect(regionsFor('MX', 'en').find((r) => r.id === 'CMX')?.name).toBe('Mexico City');
    expect(regionsFor('MX', 'es-MX').find((r) => r.id === 'CMX')?.name).toBe('Ciudad de México');
    expect(regionsFor('GB', 'es-MX').map((r) => r.name)).toEqual([
      'Escocia',
      'Gales',
      'Inglaterra',
      'Irlanda del Norte',
    ]);
  });
});

describe('time zones', () => {
  it('by country from countries-and-timezones', () => {
    expect(timeZoneIdsFor('GB')).toEqual(['Europe/London']);
    expect(timeZoneIdsFor('MX')).toContain('America/Mexico_City');
    expect(timeZoneIdsFor('ZZ')).toEqual([]);
  });

  it('by region for US and CA, main zone first', () => {
    expect(timeZoneIdsFor('US', 'CA')).toEqual(['America/Los_Angeles']);
    expect(timeZoneIdsFor('US', 'IN')[0]).toBe('America/Indiana/Indianapolis');
    expect(timeZoneIdsFor('CA', 'BC')[0]).toBe('America/Vancouver');
    expect(timeZoneIdsFor('MX', 'JAL')).toEqual(timeZoneIdsFor('MX'));
  });

  it('every hand-kept zone is one of the country’s zones, and every state and province is mapped', () => {
    for (const [country, byRegion] of Object.entries(ZONES_BY_REGION)) {
      const known = (getTimezonesForCountry(country) ?? []).map((z) => z.name as string);
      for (const [region, zones] of Object.entries(byRegion)) {
        expect(regionIdsFor(country)).toContain(region);
        for (const zone of zones) expect(known, `${country}/${region}`).toContain(zone);
        expect(timeZoneIdsFor(country, region)).toEqual(zones);
      }
      const military = ['AA', 'AE', 'AP'];
      for (const region of regionIdsFor(country).filter((r) => !military.includes(r))) {
        expect(Object.keys(byRegion), country).toContain(region);
      }
    }
  });

  it('APO/FPO regions get the zones of their area', () => {
    expect(timeZoneIdsFor('US', 'AE')).toContain('Europe/Berlin');
    expect(timeZoneIdsFor('US', 'AP')).toContain('Asia/Tokyo');
    expect(isTimeZoneOf('US', 'Asia/Tokyo', 'AP')).toBe(true);
    expect(isTimeZoneOf('US', 'Asia/Tokyo', 'TX')).toBe(false);
  });

  it('names zones in the locale with Intl', () => {
    expect(zoneCity('America/Indiana/Knox')).toBe('Knox, Indiana');
    expect(timeZoneName('America/Chicago', 'en')).toBe('Central Time (Chicago)');
    expect(timeZoneName('America/Chicago', 'es-MX')).toMatch(/^Hora .+ \(Chicago\)$/);
    expect(timeZonesFor('US', 'WA', 'en')).toEqual([
      { id: 'America/Los_Angeles', name: 'Pacific Time (Los Angeles)' },
    ]);
  });

  it('names the zone’s place in the visitor’s language, as a native speaker writes it', () => {
    const spanish = timeZonesFor('MX', null, 'es-MX').map((zone) => zone.name);
    expect(spanish).toContain('Hora estándar central (Ciudad de México)');
    expect(spanish.some((name) => /Cancún\)$/.test(name))).toBe(true);
    expect(spanish.join(' ')).not.toMatch(/Mexico City|Cancun\b|Merida|Mazatlan/);
    expect(timeZoneName('Europe/London', 'es-MX')).toBe('Hora del Reino Unido (Londres)');
    expect(timeZoneName('America/New_York', 'es-MX')).toBe('Hora oriental (Nueva York)');
    expect(timeZoneName('America/North_Dakota/Center', 'es-MX')).toMatch(
      /\(Center, Dakota del Norte\)$/,
    );
    expect(timeZoneName('Europe/London', 'en')).toBe('United Kingdom Time (London)');
    expect(timeZoneName('America/Mexico_City', 'en')).toBe('Central Standard Time (Mexico City)');
  });
});

describe('options', () => {
  it('phone codes with dial codes and names', () => {
    expect(listPhoneCodes('es-MX')).toEqual([
      { id: 'US_CANADA', dialCode: '+1', name: 'Estados Unidos / Canadá' },
      { id: 'UNITED_KINGDOM', dialCode: '+44', name: 'Reino Unido' },
      { id: 'MEXICO', dialCode: '+52', name: 'México' },
    ]);
  });

  it('labels every enum value in both locales', () => {
    for (const locale of ['en', 'es-MX'] as const) {
      for (const option of [...listTitles(locale), ...listParentReferrals(locale)]) {
        expect(option.name).toBeTruthy();
      }
    }
  });
});
