import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, PRODUCTION_TEST_ENV, useTestDatabase } from '../test/test-app.js';

/** The headers a production deploy sends on every answer, errors included. */
describe('security headers in production', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: PRODUCTION_TEST_ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['a page of the API', '/healthz'],
    ['a problem answer', '/v2/nothing-here'],
    ['a refused registration key', '/v2/signups/00000000-0000-4000-8000-000000000000'],
    ['a refused NUL character', '/v2/lookups?language=%00'],
  ])('are sent on %s', async (_label, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).not.toBe(500);
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(hsts).toContain('includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
