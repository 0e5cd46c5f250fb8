import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { type AppBehindProxy, startAppBehindProxy } from '../../test/app-behind-proxy.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { buildTestApp, createTestDatabase, useTestDatabase } from '../../test/test-app.js';

// GET /readyz: a load balancer sends traffic to an instance only while it answers 200, so it
// must fail when the database, or the Redis the instances share (REDIS_URL), cannot be reached.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;

const readyz = (app: App) => app.inject({ method: 'GET', url: '/readyz' });

function expectNotReady(res: Awaited<ReturnType<typeof readyz>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Asks until `ready` answers `status` (a reconnect takes a few tries), at most `attempts` times. */
async function eventually(app: App, status: number, attempts = 40): Promise<number> {
  let last = 0;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    last = (await readyz(app)).statusCode;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

describe('GET /readyz and Redis', () => {
  const ctx = useTestDatabase('pglite');

  it('answers 503 when the configured Redis does not answer, while the API stays up', async () => {
    const app = await buildTestApp(ctx.database, {
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
    });
    try {
      expectNotReady(await readyz(app));
      // Alive, and serving: the rate limits let requests through while Redis is away.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/v2/lookups/' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers ok without REDIS_URL (the counters are in memory then)', async () => {
    const app = await buildTestApp(ctx.database);
    try {
      expect((await readyz(app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!TEST_REDIS_URL)('with a real Redis behind a proxy the test cuts', () => {
    let proxy: TcpProxy;
    let app: App;

    beforeAll(async () => {
      const url = new URL(TEST_REDIS_URL ?? '');
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 6379) });
      url.host = `127.0.0.1:${proxy.port}`;
      app = await buildTestApp(ctx.database, { env: { REDIS_URL: url.toString() } });
    });
    afterAll(async () => {
      await app?.close();
      await proxy?.cut();
    });

    it('is ready while Redis answers, not once it is gone, and ready again when it is back', async () => {
      expect((await readyz(app)).statusCode).toBe(200);
      await proxy.cut();
      expectNotReady(await readyz(app));
      await proxy.restore();
      expect(await eventually(app, 200)).toBe(200);
    });
  });
});

describe('GET /readyz and the database', () => {
  it('answers 503 once the database is gone (PGlite: the handle is closed)', async () => {
    const own = await createTestDatabase('pglite');
    const app = await buildTestApp(own.database);
    try {
      expect((await readyz(app)).statusCode).toBe(200);
      await own.database.close();
      expectNotReady(await readyz(app));
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL behind a proxy the test cuts', () => {
    let behind: AppBehindProxy;
    let proxy: TcpProxy;
    let app: App;

    beforeAll(async () => {
      behind = await startAppBehindProxy();
      ({ proxy, app } = behind);
    });
    afterAll(async () => {
      await behind?.close();
    });

    it('is ready while PostgreSQL answers, not while it is unreachable, and ready again after', async () => {
      expect((await readyz(app)).statusCode).toBe(200);
      await proxy.cut();
      expectNotReady(await readyz(app));
      await proxy.restore();
      expect(await eventually(app, 200)).toBe(200);
    });
  });
});
