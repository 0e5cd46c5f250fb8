import { ProfessionalLookupsResponseSchema } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { App } from '../../app.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { LookupsResponseSchema } from './routes.js';
import { OptionsSchema } from './service.js';

// Issue [F8]: the lookups are static, so they are served pre-serialised with an ETag and a
// public Cache-Control; a client that has the answer gets 304.
describe('lookup answers are cacheable', () => {
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

  const cases: { url: string; schema: z.ZodType }[] = [
    { url: '/v2/lookups', schema: LookupsResponseSchema },
    { url: '/v2/lookups/countries/US/regions', schema: OptionsSchema },
    { url: '/v2/lookups/countries/US/timezones?region=NY', schema: OptionsSchema },
    { url: '/v2/professional/lookups', schema: ProfessionalLookupsResponseSchema },
    { url: '/v2/professional/lookups/countries/CA/regions', schema: OptionsSchema },
    { url: '/v2/professional/lookups/countries/US/timezones', schema: OptionsSchema },
    { url: '/v2/professional/lookups/countries/GB/roles', schema: OptionsSchema },
  ];

  describe.each(cases)('GET $url', ({ url, schema }) => {
    it('answers JSON with an ETag, a public max-age and Vary on the language headers', async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(
        expect.arrayContaining(['language', 'accept-language']),
      );
      // The same bytes the response schema's serializer makes.
      expect(res.body).toBe(JSON.stringify(schema.encode(res.json())));
    });

    it('answers 304 without a body when If-None-Match has the ETag', async () => {
      const { etag } = (await get(url)).headers;
      for (const ifNoneMatch of [String(etag), `W/${etag}`, `"stale", ${etag}`, '*']) {
        const res = await get(url, { 'if-none-match': ifNoneMatch });
        expect(res.statusCode, ifNoneMatch).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
      }
      const stale = await get(url, { 'if-none-match': '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe((await get(url)).body);
    });

    it('tags each language apart (language or Accept-Language)', async () => {
      const en = await get(url);
      const es = await get(url, { language: 'es-MX' });
      expect(es.headers.etag).not.toBe(en.headers.etag);
      expect((await get(url, { 'accept-language': 'es-MX' })).headers.etag).toBe(es.headers.etag);
      const mixed = await get(url, { language: 'es-MX', 'if-none-match': String(en.headers.etag) });
      expect(mixed.statusCode).toBe(200);
      expect(mixed.body).toBe(es.body);
    });
  });

  it('never marks an error cacheable', async () => {
    for (const url of [
      '/v2/lookups/countries/ZZ/regions',
      '/v2/professional/lookups/countries/ZZ/roles',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('answers a region it does not know like before (every zone of the country)', async () => {
    const unknown = await get('/v2/lookups/countries/US/timezones?region=ZZZ');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe((await get('/v2/lookups/countries/US/timezones')).body);
  });
});
