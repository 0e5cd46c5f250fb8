import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { parseScrape } from '../../test/prometheus-scrape.js';
import {
  createSignup,
  paymentRequest,
  paySignup,
  postPayment,
  signupReadyToPay,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  PRODUCTION_TEST_ENV,
  useTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../../test/test-app.js';
import { startMetricsServer } from './metrics-server.js';

const TOKEN = 'a-long-random-metrics-token';

async function scrape(app: App, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(res.body);
}

const REQUESTS = 'http_request_duration_seconds_count';

describe.each(BACKENDS)('GET /metrics (%s)', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: WHOLE_FUNNEL_RATE_LIMITS });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts a signup, its steps, its payment and its emails where they happen', async () => {
    const before = await scrape(app);
    const paid = await signupReadyToPay(app);
    await paySignup(app, paid);
    const declined = await signupReadyToPay(app);
    const refused = await postPayment(
      app,
      declined,
      await paymentRequest(app, declined, {
        payment: { nonce: 'fake-processor-declined-visa-nonce' },
      }),
    );
    expect(refused.statusCode).toBe(402);
    const after = await scrape(app);

    const moved = (name: string, labels?: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('coparent_signups_started_total')).toBe(2);
    for (const step of ['parent', 'family', 'package']) {
      expect(moved('coparent_signup_steps_completed_total', { step })).toBe(2);
    }
    expect(moved('coparent_payments_total', { outcome: 'completed', method: 'CREDIT_CARD' })).toBe(
      1,
    );
    expect(moved('coparent_payments_total', { outcome: 'declined', method: 'CREDIT_CARD' })).toBe(
      1,
    );
    // The receipt and the co-parent's invitation, kept in the outbox (no SMTP here).
    expect(moved('coparent_messages_total', { channel: 'email', outcome: 'stored' })).toBe(2);
    // Texts are not sent yet: their series is there, at 0.
    expect(after.value('coparent_messages_total', { channel: 'sms', outcome: 'sent' })).toBe(0);
  });

  it('labels requests with their route pattern, never the URL with its ids and tokens', async () => {
    const signup = await createSignup(app);
    await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}`,
      headers: { 'x-registration-key': signup.registrationKey },
    });
    await app.inject({ method: 'GET', url: '/v2/no-such-call/secret-token-in-the-path' });
    const after = await scrape(app);

    expect(
      after.value(REQUESTS, {
        method: 'GET',
        route: '/v2/signups/:signupId',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      after.value(REQUESTS, { method: 'POST', route: '/v2/signups', status_code: '201' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      after.value(REQUESTS, { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.text).not.toContain(signup.signupId);
    expect(after.text).not.toContain(signup.registrationKey);
    expect(after.text).not.toContain('secret-token-in-the-path');
    const routes = new Set(after.labelSets(REQUESTS).map((labels) => labels.route));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[^?]*)$/);
    // The latency is a histogram per route.
    expect(
      after.value('http_request_duration_seconds_bucket', {
        route: '/v2/signups/:signupId',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("includes the process's event loop, garbage collection and memory", async () => {
    const { text } = await scrape(app);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
  });

  it(
    backend === 'postgres'
      ? 'reports the database pool: open, idle, waiting and its limit'
      : 'reports no pool on PGlite (one in-process connection)',
    async () => {
      const after = await scrape(app);
      if (backend === 'postgres') {
        expect(after.value('db_pool_max_connections')).toBe(10);
        expect(after.value('db_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(after.value('db_pool_connections')).toBeGreaterThanOrEqual(
          after.value('db_pool_idle_connections'),
        );
        expect(after.value('db_pool_waiting_requests')).toBe(0);
      } else {
        expect(after.text).not.toContain('db_pool_');
      }
    },
  );
});

describe('metrics per app', () => {
  const ctx = useTestDatabase('pglite');

  it('two apps in one process count apart', async () => {
    const first = await buildTestApp(ctx.database);
    const second = await buildTestApp(ctx.database);
    try {
      await createSignup(first);
      expect((await scrape(first)).value('coparent_signups_started_total')).toBe(1);
      expect((await scrape(second)).value('coparent_signups_started_total')).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('counts the requests a rate limit refused', async () => {
    const limited = await buildTestApp(ctx.database, {
      env: { RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '1' },
    });
    try {
      const call = () => limited.inject({ method: 'GET', url: '/v2/payment/client-token' });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
      const after = await scrape(limited);
      expect(after.value('coparent_rate_limit_refusals_total', { limit: 'per_ip' })).toBe(1);
      expect(after.value(REQUESTS, { route: '/v2/payment/client-token', status_code: '429' })).toBe(
        1,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('metrics of the checkout and the mail', () => {
  const ctx = useTestDatabase('pglite');

  it('counts an attempt a crash left pending, and the reconciliation that completed it', async () => {
    let crash = true;
    const app = await buildTestApp(ctx.database, {
      env: WHOLE_FUNNEL_RATE_LIMITS,
      checkoutHooks: {
        beforeCommit: () => {
          if (crash) throw new Error('simulated crash before the commit');
        },
      },
    });
    try {
      const signup = await signupReadyToPay(app);
      const res = await postPayment(app, signup, await paymentRequest(app, signup));
      expect(res.statusCode).toBe(500);
      crash = false;
      expect((await app.checkout.reconcilePendingPayments()).completed).toBe(1);
      const after = await scrape(app);
      expect(
        after.value('coparent_payments_total', { outcome: 'pending', method: 'CREDIT_CARD' }),
      ).toBe(1);
      expect(after.value('coparent_payments_total', { outcome: 'completed' })).toBe(0);
      expect(after.value('coparent_payment_reconciliations_total', { outcome: 'completed' })).toBe(
        1,
      );
      expect(after.value('coparent_payment_reconciliations_total', { outcome: 'failed' })).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('counts the emails an unreachable SMTP server made it give up', async () => {
    const app = await buildTestApp(ctx.database, {
      env: {
        ...WHOLE_FUNNEL_RATE_LIMITS,
        // Nothing listens there: every send fails at once, and one attempt is all there is.
        SMTP_URL: 'smtp://127.0.0.1:1',
        EMAIL_RETRY_MAX_ATTEMPTS: '1',
      },
    });
    try {
      await paySignup(app, await signupReadyToPay(app));
    } finally {
      // Closing waits for the deliveries under way.
      await app.close();
    }
    const after = parseScrape(await app.metrics.scrape());
    expect(after.value('coparent_messages_total', { channel: 'email', outcome: 'given_up' })).toBe(
      2,
    );
    expect(after.value('coparent_messages_total', { channel: 'email', outcome: 'sent' })).toBe(0);
  });
});

describe('who may read /metrics', () => {
  const ctx = useTestDatabase('pglite');

  it('is open on the app port in development and test when no token is set', async () => {
    const app = await buildTestApp(ctx.database);
    try {
      await scrape(app);
    } finally {
      await app.close();
    }
  });

  it('answers 401 without the bearer token METRICS_TOKEN, and the metrics with it', async () => {
    const app = await buildTestApp(ctx.database, { env: { METRICS_TOKEN: TOKEN } });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      }
      await scrape(app, { authorization: `Bearer ${TOKEN}` });
    } finally {
      await app.close();
    }
  });

  it('is not served on the app port in production without a token', async () => {
    const app = await buildTestApp(ctx.database, { env: PRODUCTION_TEST_ENV });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is served in production behind the token', async () => {
    const app = await buildTestApp(ctx.database, {
      env: { ...PRODUCTION_TEST_ENV, METRICS_TOKEN: TOKEN },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      await scrape(app, { authorization: `Bearer ${TOKEN}` });
    } finally {
      await app.close();
    }
  });

  it('moves to a port of its own with METRICS_PORT (loopback), off the app port', async () => {
    const app = await buildTestApp(ctx.database, {
      env: { ...PRODUCTION_TEST_ENV, METRICS_PORT: '9464' },
    });
    // The listener main.ts starts on METRICS_PORT, here on a free port.
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token: undefined,
      scrape: app.metrics.scrape,
      contentType: app.metrics.contentType,
      log: app.log,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await createSignup(app);
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(parseScrape(await res.text()).value('coparent_signups_started_total')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${server.port}/v2/signups/`)).status).toBe(404);
    } finally {
      await server.close();
      await app.close();
    }
  });

  it('asks for the token on its own port too when both are set', async () => {
    const app = await buildTestApp(ctx.database);
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      scrape: app.metrics.scrape,
      contentType: app.metrics.contentType,
      log: app.log,
    });
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
      await app.close();
    }
  });
});
