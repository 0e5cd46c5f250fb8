import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { paymentRequest, postPayment, signupReadyToPay } from '../test/signup-fixtures.js';
import { buildTestApp, captureLogs, testConfig, useTestDatabase } from '../test/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names every answer with a new UUID in X-Request-Id', async () => {
    const first = await app.inject({ method: 'GET', url: '/healthz' });
    const second = await app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('puts the id in every problem document, as in its header', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/v2/nothing-here' },
      { method: 'GET' as const, url: '/v2/signups/not-a-uuid' },
      {
        method: 'POST' as const,
        url: '/v2/signups',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
      },
    ]) {
      const res = await app.inject(request);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(res.json()).toMatchObject({ status: res.statusCode, requestId: id });
    }
  });

  it('puts it in the payment problems too, which carry members of their own', async () => {
    const signup = await signupReadyToPay(app);
    const declined = await postPayment(
      app,
      signup,
      await paymentRequest(app, signup, {
        payment: { nonce: 'fake-processor-declined-visa-nonce' },
      }),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'PAYMENT_DECLINED',
      reason: 'PROCESSOR_DECLINED',
      requestId: declined.headers['x-request-id'],
    });
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const payment = doc.paths['/v2/signups/{signupId}/payment'].post.responses;
    for (const status of ['402', '409', '503']) {
      const schema = payment[status].content['application/json'].schema;
      expect(schema.required, status).toContain('requestId');
    }
  });

  it("keeps a proxy's X-Request-Id when it is a short safe token", async () => {
    for (const id of ['0123456789abcdef0123456789abcdef', 'lb-1.7:req_42-abc']) {
      const res = await app.inject({
        method: 'GET',
        url: '/v2/nothing-here',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json().requestId).toBe(id);
    }
  });

  it('replaces an incoming id that is too short, too long or carries other characters', async () => {
    for (const id of [
      'short',
      'x'.repeat(65),
      'has spaces in it',
      '"},"level":60,"msg":"forged',
      '../../../etc/passwd',
      '<script>alert(1)</script>',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/v2/nothing-here',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(res.body).not.toContain(id);
    }
  });

  it('publishes requestId in the OpenAPI Problem schema, as a required string', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const problem = doc.components.schemas.Problem;
    expect(problem.properties.requestId).toMatchObject({ type: 'string' });
    expect(problem.required).toContain('requestId');
  });
});

describe('request ids in the logs', () => {
  const ctx = useTestDatabase('pglite');

  it("are on every line a request logs, the error's line included", async () => {
    const logs = captureLogs();
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), {
      database: ctx.database,
      logStream: logs.stream,
    });
    app.get('/v2/boom', async (request) => {
      request.log.info('about to fail');
      throw new Error('boom');
    });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/v2/boom',
        headers: { 'x-request-id': 'trace-0123456789' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().requestId).toBe('trace-0123456789');
      const lines = logs.lines.filter((line) => line.reqId === 'trace-0123456789');
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          'incoming request',
          'about to fail',
          'unexpected error',
          'request completed',
        ]),
      );
      // Every line written while the request ran is one of them.
      const during = logs.lines.filter((line) =>
        ['incoming request', 'about to fail', 'unexpected error', 'request completed'].includes(
          String(line.msg),
        ),
      );
      expect(during).toEqual(lines);
    } finally {
      await app.close();
    }
  });
});
