import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { seedInviteScenario } from '../modules/invite/scenarios.js';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';

/**
 * The limits of the calls an attacker would hammer — signup creation, the username check, login,
 * a new invite link, password recovery and payments — each answer 429 problem+json with
 * Retry-After once exceeded, counted in memory, and in Redis across instances when REDIS_URL is
 * set (TEST_REDIS_URL; .ci/run starts one). The requests need not be valid: the limit is checked
 * before the call is read. The invited co-parent's payment checks the invite token first, so it is
 * called with a real one (a professional's family, seeded without spending any limited call).
 */

const LIMIT = 2;
const SIGNUP = randomUUID();

/** The invited co-parent of the current suite (seeded in its beforeAll). */
const invited = { token: '', userId: '' };

type Limited = {
  name: string;
  env: string;
  method: 'GET' | 'POST';
  /** A function when it needs what the suite seeded. */
  url: string | (() => string);
  headers?: Record<string, string> | (() => Record<string, string>);
};

const LIMITED_CALLS: Limited[] = [
  {
    name: 'signup creation',
    env: 'RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE',
    method: 'POST',
    url: '/v2/signups',
  },
  {
    name: 'username check',
    env: 'RATE_LIMIT_USERNAME_CHECK_PER_MINUTE',
    method: 'GET',
    url: '/v2/credentials/username?username=someone',
  },
  { name: 'login', env: 'RATE_LIMIT_LOGIN_PER_MINUTE', method: 'POST', url: '/v2/login' },
  {
    name: 'new invite link',
    env: 'RATE_LIMIT_INVITE_REQUEST_PER_MINUTE',
    method: 'POST',
    url: '/v2/invites/request',
  },
  {
    name: 'password recovery',
    env: 'RATE_LIMIT_RECOVERY_PER_MINUTE',
    method: 'POST',
    url: '/v2/account/recovery',
  },
  {
    name: 'password reset',
    env: 'RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE',
    method: 'POST',
    url: '/v2/account/recovery/reset',
  },
  {
    name: "Parent A's payment",
    env: 'RATE_LIMIT_PAYMENT_PER_MINUTE',
    method: 'POST',
    url: `/v2/signups/${SIGNUP}/payment`,
    headers: { 'idempotency-key': 'rate-limit-test' },
  },
  {
    name: "the invited co-parent's payment",
    env: 'RATE_LIMIT_PAYMENT_PER_MINUTE',
    method: 'POST',
    url: () => `/v2/users/${invited.userId}/payment`,
    headers: () => ({
      authorization: `Bearer ${invited.token}`,
      'idempotency-key': 'rate-limit-test',
    }),
  },
];

const LIMITS_ENV = Object.fromEntries(LIMITED_CALLS.map((call) => [call.env, String(LIMIT)]));

/** A professional's family through the cases service: no limited call is spent on it. */
async function seedInvitedCoParent(app: App, database: Database) {
  const seeded = await seedInviteScenario('pro-invite', {
    app,
    db: database.db,
    mailer: createOutboxMailer(database.db),
    publicUrl: 'https://join.example.test',
    inviteTtlDays: 14,
  });
  invited.token = seeded.token;
  invited.userId = seeded.coParentUserId ?? '';
}

function send(app: App, call: Limited) {
  return app.inject({
    method: call.method,
    url: typeof call.url === 'function' ? call.url() : call.url,
    headers: typeof call.headers === 'function' ? call.headers() : call.headers,
    ...(call.method === 'POST' ? { payload: {} } : {}),
  });
}

async function expectLimited(res: Awaited<ReturnType<typeof send>>, call: Limited) {
  expect(res.statusCode, `${call.name}: ${res.body}`).toBe(429);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
}

describe('rate limits in memory', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: LIMITS_ENV });
    await seedInvitedCoParent(app, ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(LIMITED_CALLS)('limit $name', async (call) => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await send(app, call)).statusCode, call.name).not.toBe(429);
    }
    await expectLimited(await send(app, call), call);
  });
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!TEST_REDIS_URL)('rate limits in Redis, shared by two instances', () => {
  const ctx = useTestDatabase('pglite');
  const env = {
    ...LIMITS_ENV,
    REDIS_URL: TEST_REDIS_URL ?? '',
    // Counters of earlier runs or parallel suites never meet this run's.
    RATE_LIMIT_REDIS_PREFIX: `coparent-test:${randomBytes(6).toString('hex')}:`,
  };
  let first: App;
  let second: App;

  beforeAll(async () => {
    first = await buildTestApp(ctx.database, { env });
    second = await buildTestApp(ctx.database, { env });
    await seedInvitedCoParent(first, ctx.database);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it.each(LIMITED_CALLS)('limit $name', async (call) => {
    for (let i = 0; i < LIMIT; i += 1) {
      const app = i % 2 === 0 ? first : second;
      expect((await send(app, call)).statusCode, call.name).not.toBe(429);
    }
    // The instance that has seen only part of the requests refuses: it counts them all.
    await expectLimited(await send(LIMIT % 2 === 0 ? first : second, call), call);
  });
});
