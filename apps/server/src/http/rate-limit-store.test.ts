import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';

// The rate-limit counters in Redis (REDIS_URL): two instances count together, and a Redis outage
// lets requests through instead of failing them. Runs when TEST_REDIS_URL is set (.ci/run sets it
// when a Redis answers on 127.0.0.1:6379).
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!TEST_REDIS_URL)('rate limits in Redis', () => {
  const ctx = useTestDatabase('pglite');
  const env = {
    REDIS_URL: TEST_REDIS_URL ?? '',
    // A prefix of its own: counters of earlier runs or parallel suites never meet this one's.
    RATE_LIMIT_REDIS_PREFIX: `coparent-test:${randomBytes(6).toString('hex')}:`,
    RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '3',
  };
  let first: App;
  let second: App;

  beforeAll(async () => {
    first = await buildTestApp(ctx.database, { env });
    second = await buildTestApp(ctx.database, { env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const clientToken = (app: App) =>
    app.inject({ method: 'GET', url: '/v2/payment/client-token' }).then((res) => res.statusCode);

  it('counts the requests of every instance against one limit', async () => {
    const statuses = [
      await clientToken(first),
      await clientToken(second),
      await clientToken(first),
      await clientToken(second),
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('rate limits when Redis is unreachable', () => {
  const ctx = useTestDatabase('pglite');

  it('let requests through (the API stays up) instead of failing them', async () => {
    const app = await buildTestApp(ctx.database, {
      // Nothing listens on port 1.
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '1' },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/v2/payment/client-token' });
      expect(res.statusCode).toBe(200);
      const again = await app.inject({ method: 'GET', url: '/v2/payment/client-token' });
      expect(again.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
