import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

type Option = { id: string; name: string };

// Lookups never touch the database; PGlite is enough.
describe('lookups', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  describe('GET /v2/lookups', () => {
    it('answers the countries, phone codes and option lists in English', async () => {
      const res = await get('/v2/lookups');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.countries).toContainEqual({ id: 'US', name: 'United States' });
      expect(body.countries).toContainEqual({ id: 'GB', name: 'United Kingdom' });
      expect(body.phoneCodes.map((p: { dialCode: string }) => p.dialCode)).toEqual([
        '+1',
        '+44',
        '+52',
      ]);
      expect(body.titles.map((t: Option) => t.id)).toEqual([
        'MR',
        'MS',
        'MRS',
        'HONORABLE',
        'DOCTOR',
      ]);
      expect(body.referralSources.map((r: Option) => r.id)).toEqual(
        expect.arrayContaining(['OTHER', 'COURT_ORDERED', 'REFERRED_FL']),
      );
    });

    it('answers Spanish country names with language: es-MX', async () => {
      const res = await get('/v2/lookups', { language: 'es-MX' });
      const { countries } = res.json() as { countries: Option[] };
      expect(countries).toContainEqual({ id: 'US', name: 'Estados Unidos' });
      expect(countries).toContainEqual({ id: 'MX', name: 'México' });
      expect(countries).toContainEqual({ id: 'DE', name: 'Alemania' });
    });
  });

  describe('GET /v2/lookups/countries/:id/regions', () => {
    it('lists the US states with DC and the APO/FPO codes AA, AE, AP', async () => {
      const res = await get('/v2/lookups/countries/US/regions');
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as Option[]).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining(['CA', 'NY', 'TX', 'DC', 'AA', 'AE', 'AP']));
      expect(ids).toHaveLength(54);
    });

    it('accepts a lower-case id and localises the names', async () => {
      const res = await get('/v2/lookups/countries/us/regions', { language: 'es-MX' });
      expect(res.json()).toContainEqual({ id: 'AE', name: 'Fuerzas Armadas de Europa (AE)' });
    });

    it('lists Canadian provinces', async () => {
      const ids = ((await get('/v2/lookups/countries/CA/regions')).json() as Option[]).map(
        (r) => r.id,
      );
      expect(ids).toEqual(expect.arrayContaining(['BC', 'ON', 'QC']));
    });

    it('answers [] for a country without regions', async () => {
      const res = await get('/v2/lookups/countries/FR/regions');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 404 problem+json for an unknown country', async () => {
      const res = await get('/v2/lookups/countries/ZZ/regions');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 404, code: 'COUNTRY_NOT_FOUND' });
    });
  });

  describe('GET /v2/lookups/countries/:id/timezones', () => {
    it('narrows US time zones by region', async () => {
      const california = (await get('/v2/lookups/countries/US/timezones?region=CA')).json();
      expect(california).toEqual([{ id: 'America/Los_Angeles', name: expect.any(String) }]);
      const all = (await get('/v2/lookups/countries/US/timezones')).json() as Option[];
      expect(all.length).toBeGreaterThan(1);
      expect(all.map((z) => z.id)).toContain('America/New_York');
    });

    it('narrows Canadian time zones by province', async () => {
      const res = await get('/v2/lookups/countries/CA/timezones?region=BC');
      expect(res.statusCode).toBe(200);
      expect((res.json() as Option[]).map((z) => z.id)).toContain('America/Vancouver');
    });

    it('names time zones in Spanish with language: es-MX', async () => {
      const res = await get('/v2/lookups/countries/US/timezones?region=NY', { language: 'es-MX' });
      const [zone] = res.json() as Option[];
      expect(zone?.id).toBe('America/New_York');
      expect(zone?.name).toMatch(/^Hora/);
    });

    it('answers 404 for an unknown country', async () => {
      const res = await get('/v2/lookups/countries/XX/timezones');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'COUNTRY_NOT_FOUND' });
    });
  });
});
