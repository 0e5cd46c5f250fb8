import { BENCH_OFFICERS, COLLEAGUE_ROLES, PRO_REFERRAL_SOURCES, TITLES } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

type Option = { id: string; name: string };
const ids = (options: Option[]) => options.map((o) => o.id);

// Lookups never touch the database; PGlite is enough.
describe('professional lookups', () => {
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

  describe('GET /v2/professional/lookups', () => {
    it('answers every option list of the /pro form in English', async () => {
      const res = await get('/v2/professional/lookups');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ids(body.titles)).toEqual([...TITLES]);
      expect(ids(body.benchOfficers)).toEqual([...BENCH_OFFICERS]);
      expect(ids(body.colleagueRoles)).toEqual([...COLLEAGUE_ROLES]);
      expect(ids(body.referralSources)).toEqual([...PRO_REFERRAL_SOURCES]);
      expect(body.countries).toContainEqual({ id: 'US', name: 'United States' });
      expect(body.countryCodes).toEqual([
        { id: 'US_CANADA', dialCode: '+1', name: 'United States / Canada' },
        { id: 'UNITED_KINGDOM', dialCode: '+44', name: 'United Kingdom' },
        { id: 'MEXICO', dialCode: '+52', name: 'Mexico' },
      ]);
      expect(body.defaultCountry).toBe('US');
      expect(body.defaultCountryCode).toBe('US_CANADA');
      expect(Object.keys(body.regions).sort()).toEqual(['AU', 'CA', 'GB', 'MX', 'US']);
      expect(ids(body.regions.US)).toEqual(expect.arrayContaining(['CO', 'DC', 'AA', 'AE', 'AP']));
      expect(Object.keys(body.rolesByCountry).sort()).toEqual(
        ['AU', 'CA', 'DEFAULT', 'GB', 'IE', 'MX', 'NZ', 'US'].sort(),
      );
      expect(body.rolesByCountry.US[0]).toEqual({
        id: 'FAMILY_LAW_ATTORNEY',
        name: 'Family law attorney',
      });
      expect(ids(body.rolesByCountry.GB)).toContain('CAFCASS_OFFICER');
    });

    it('answers Spanish names with language: es-MX', async () => {
      const body = (await get('/v2/professional/lookups', { language: 'es-MX' })).json();
      expect(body.countries).toContainEqual({ id: 'MX', name: 'México' });
      expect(body.titles).toContainEqual({ id: 'MR', name: 'Sr.' });
      expect(body.benchOfficers).toContainEqual({ id: 'JUDGE', name: 'Juez' });
      expect(body.referralSources).toContainEqual({ id: 'OTHER', name: 'Otro' });
      expect(body.countryCodes[2]).toMatchObject({ id: 'MEXICO', name: 'México' });
      expect(body.regions.MX).toContainEqual({ id: 'CMX', name: 'Ciudad de México' });
      expect(body.rolesByCountry.MX).toContainEqual({
        id: 'FAMILY_COURT_JUDGE',
        name: 'Juez de lo familiar',
      });
    });
  });

  describe('GET /v2/professional/lookups/countries/:id/regions', () => {
    it('lists the US states with DC and AA, AE, AP', async () => {
      const res = await get('/v2/professional/lookups/countries/US/regions');
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual(expect.arrayContaining(['NY', 'DC', 'AA', 'AE', 'AP']));
    });

    it('answers 404 for an unknown country', async () => {
      const res = await get('/v2/professional/lookups/countries/ZZ/regions');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'COUNTRY_NOT_FOUND' });
    });
  });

  describe('GET /v2/professional/lookups/countries/:id/timezones', () => {
    it('narrows the US time zones by state', async () => {
      const california = await get('/v2/professional/lookups/countries/US/timezones?region=CA');
      expect(ids(california.json())).toEqual(['America/Los_Angeles']);
      const newYork = await get('/v2/professional/lookups/countries/US/timezones?region=NY', {
        language: 'es-MX',
      });
      const [zone] = newYork.json() as Option[];
      expect(zone?.id).toBe('America/New_York');
      expect(zone?.name).toMatch(/^Hora/);
      const all = await get('/v2/professional/lookups/countries/US/timezones');
      expect((all.json() as Option[]).length).toBeGreaterThan(3);
    });

    it('narrows the Canadian time zones by province', async () => {
      const res = await get('/v2/professional/lookups/countries/CA/timezones?region=BC');
      expect(ids(res.json())).toContain('America/Vancouver');
    });
  });

  describe('GET /v2/professional/lookups/countries/:id/roles', () => {
    it("answers the country's roles, in the locale", async () => {
      const gb = await get('/v2/professional/lookups/countries/gb/roles');
      expect(gb.statusCode).toBe(200);
      expect(ids(gb.json())).toEqual(
        expect.arrayContaining(['SOLICITOR', 'BARRISTER', 'CAFCASS_OFFICER']),
      );
      const mx = await get('/v2/professional/lookups/countries/MX/roles', { language: 'es-MX' });
      expect(mx.json()).toContainEqual({ id: 'PSYCHOLOGY_EXPERT', name: 'Perito en psicología' });
      const au = await get('/v2/professional/lookups/countries/AU/roles');
      expect(ids(au.json())).toEqual(
        expect.arrayContaining([
          'INDEPENDENT_CHILDRENS_LAWYER',
          'FAMILY_DISPUTE_RESOLUTION_PRACTITIONER',
        ]),
      );
    });

    it('answers the default list for other countries and 404 for unknown ones', async () => {
      const fr = await get('/v2/professional/lookups/countries/FR/roles');
      expect(fr.statusCode).toBe(200);
      expect(ids(fr.json())).toContain('FAMILY_LAWYER');
      const unknown = await get('/v2/professional/lookups/countries/XX/roles');
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /docs/json', () => {
    it('documents the professional calls', async () => {
      const doc = (await get('/docs/json')).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/v2/professional/users',
          '/v2/professional/users/validator',
          '/v2/professional/lookups',
          '/v2/professional/lookups/countries/{id}/roles',
          '/v2/dev/mailbox',
        ]),
      );
      const validator = doc.paths['/v2/professional/users/validator'].post;
      expect(Object.keys(validator.responses)).toEqual(
        expect.arrayContaining(['200', '409', '422']),
      );
      expect(validator.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['language', 'x-anonymous-id', 'x-activity-start']),
      );
      const create = doc.paths['/v2/professional/users'].post;
      expect(Object.keys(create.responses)).toEqual(
        expect.arrayContaining(['201', '409', '422', '503']),
      );
    });
  });
});
