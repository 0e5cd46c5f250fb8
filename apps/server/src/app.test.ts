import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.js';
import { REDACTED } from './logger.js';
import {
  buildTestApp,
  captureLogs,
  testConfig,
  uniqueEmail,
  useTestDatabase,
} from './test/test-app.js';

const validSignup = () => ({
  sections: ['PARENT'],
  parent: {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: uniqueEmail(),
    phoneCountryCode: 'US_CANADA',
    phoneNumber: '5551234567',
  },
  knowsCoParentEmail: false,
});

describe('the app', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('GET /healthz', () => {
    it('answers ok', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });
  });

  describe('GET /readyz', () => {
    it('answers ok when the database answers', async () => {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('answers 503 problem+json when the database does not', async () => {
      const broken = await buildTestApp({
        ...ctx.database,
        ping: () => Promise.reject(new Error('connection refused')),
      });
      try {
        const res = await broken.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        expect(res.body).not.toContain('connection refused');
      } finally {
        await broken.close();
      }
    });
  });

  describe('GET /docs', () => {
    it('serves the OpenAPI document with every API path and its schemas', async () => {
      const res = await app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/healthz',
          '/readyz',
          '/v2/signups/',
          '/v2/signups/{signupId}',
          '/v2/signups/current',
          '/v2/signups/resume',
          '/v2/lookups/',
          '/v2/lookups/countries/{id}/regions',
          '/v2/lookups/countries/{id}/timezones',
          '/v2/signups/{signupId}/payment',
          '/v2/signups/{signupId}/receipt',
          '/v2/payment/client-token',
          '/v2/payment/sandbox/tokenize',
          '/v2/credentials/username',
          '/v2/credentials',
          '/v2/login',
        ]),
      );
      const create = doc.paths['/v2/signups/'].post;
      expect(create.requestBody.content['application/json'].schema).toBeDefined();
      expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '422']));
      const patch = doc.paths['/v2/signups/{signupId}'].patch;
      expect(patch.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['signupId', 'x-registration-key']),
      );
      expect(Object.keys(doc.paths)).not.toContain('/app/join/*');
      expect(Object.keys(doc.paths)).not.toContain('/app/join/step1');
    });

    it('serves the Swagger UI', async () => {
      const res = await app.inject({ method: 'GET', url: '/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP and Referrer-Policy: no-referrer', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('errors', () => {
    it('answers 404 problem+json for an unknown API route', async () => {
      const res = await app.inject({ method: 'GET', url: '/v2/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toEqual({
        type: '/problems/not-found',
        title: 'Not found',
        status: 404,
        code: 'NOT_FOUND',
        requestId: res.headers['x-request-id'],
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers 500 problem+json without internals for an unexpected error', async () => {
      const logs = captureLogs();
      const crashing = await buildApp(testConfig({ LOG_LEVEL: 'error' }), {
        database: ctx.database,
        logStream: logs.stream,
      });
      crashing.get('/v2/boom', async () => {
        throw new Error('secret internal detail');
      });
      await crashing.ready();
      try {
        const res = await crashing.inject({ method: 'GET', url: '/v2/boom' });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ status: 500, code: 'INTERNAL' });
        expect(res.body).not.toContain('secret internal detail');
        expect(logs.text()).toContain('secret internal detail');
      } finally {
        await crashing.close();
      }
    });
  });

  describe('rate limits', () => {
    it('answers 429 problem+json once POST /v2/signups exceeds its limit per IP', async () => {
      const limited = await buildTestApp(ctx.database, {
        env: { RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '2' },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.inject({
            method: 'POST',
            url: '/v2/signups',
            payload: validSignup(),
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(res.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
            expect(res.headers['retry-after']).toBeDefined();
          }
        }
        expect(statuses).toEqual([201, 201, 429]);
        // Other calls are not limited.
        const health = await limited.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('logging', () => {
    it('redacts the registration key and referrer key headers and never logs the key', async () => {
      const logs = captureLogs();
      const logged = await buildTestApp(ctx.database, {
        env: { LOG_LEVEL: 'info' },
        logStream: logs.stream,
      });
      try {
        const created = await logged.inject({
          method: 'POST',
          url: '/v2/signups',
          payload: validSignup(),
          headers: { authorization: 'Bearer invite-token-secret', cookie: 'session=cookie-secret' },
        });
        const { signupId, registrationKey } = created.json();
        await logged.inject({
          method: 'GET',
          url: `/v2/signups/${signupId}`,
          headers: { 'x-registration-key': registrationKey, 'x-referrer-key': 'referrer-secret' },
        });
        const text = logs.text();
        expect(text).not.toContain(registrationKey);
        expect(text).not.toContain('referrer-secret');
        expect(text).not.toContain('invite-token-secret');
        expect(text).not.toContain('cookie-secret');
        const incoming = logs.lines.find(
          (line) =>
            line.msg === 'incoming request' &&
            (line.req as { url?: string } | undefined)?.url === `/v2/signups/${signupId}`,
        );
        expect(incoming).toBeDefined();
        const headers = (incoming?.req as { headers: Record<string, string> } | undefined)?.headers;
        expect(headers?.['x-registration-key']).toBe(REDACTED);
        expect(headers?.['x-referrer-key']).toBe(REDACTED);
      } finally {
        await logged.close();
      }
    });

    it('redacts secret body fields wherever they are logged', async () => {
      const logs = captureLogs();
      const logged = await buildTestApp(ctx.database, {
        env: { LOG_LEVEL: 'info' },
        logStream: logs.stream,
      });
      try {
        logged.log.info(
          { body: { password: 'pw-secret', security: { securityAnswer: 'answer-secret' } } },
          'something',
        );
        expect(logs.text()).not.toContain('pw-secret');
        expect(logs.text()).not.toContain('answer-secret');
      } finally {
        await logged.close();
      }
    });
  });
});

describe('the web app routes', () => {
  const ctx = useTestDatabase('pglite');
  let dist: string;
  let app: App;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>join</title></head><body></body></html>',
    );
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/step2': {
          scripts: ['/app/join/assets/step-two-x1.js', '/app/join/assets/form-x2.js'],
          styles: ['/app/join/assets/form-x3.css'],
        },
      }),
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    app = await buildTestApp(ctx.database, { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a browser asking for /favicon.ico to the built icon', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/app/join/favicon.svg');
  });

  it('redirects /, /app/join and /app/join/ to /app/join/signup', async () => {
    for (const url of ['/', '/app/join', '/app/join/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/app/join/signup');
    }
  });

  it('serves index.html for any /app/join/* page (SPA fallback), not cached', async () => {
    for (const url of [
      '/app/join/signup',
      '/app/join/step2',
      '/app/join/invite/step1?x=1',
      '/app/account',
      '/app/account/',
      '/app/account/receipts/123',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>join</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("preloads a join screen's own chunks in its page, and nothing more elsewhere", async () => {
    for (const url of ['/app/join/step2', '/app/join/step2/', '/app/join/step2?lang=es-MX']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(
        '<link rel="modulepreload" crossorigin href="/app/join/assets/step-two-x1.js">',
      );
      expect(head).toContain(
        '<link rel="modulepreload" crossorigin href="/app/join/assets/form-x2.js">',
      );
      // crossorigin, as the app's own stylesheet links: the browser then uses the preload.
      expect(head).toContain(
        '<link rel="preload" as="style" crossorigin href="/app/join/assets/form-x3.css">',
      );
    }
    for (const url of ['/app/join/step1', '/app/account/step2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('modulepreload');
    }
  });

  it('serves built assets with a long cache, and 404 for a missing asset', async () => {
    const asset = await app.inject({ method: 'GET', url: '/app/join/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/app/join/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it("sends the build's brotli copy of an asset to a browser that accepts it", async () => {
    const url = '/app/join/assets/index-abc123.js';
    const compressed = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers 503 with build instructions when the web app is not built', async () => {
    const unbuilt = await buildTestApp(ctx.database);
    try {
      for (const url of ['/app/join/signup', '/app/account/login']) {
        const res = await unbuilt.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.body).toContain('npm run build');
      }
      const redirect = await unbuilt.inject({ method: 'GET', url: '/' });
      expect(redirect.statusCode).toBe(302);
    } finally {
      await unbuilt.close();
    }
  });
});
