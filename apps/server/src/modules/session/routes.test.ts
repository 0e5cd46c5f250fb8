import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loggedInParent } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

describe.each(BACKENDS)('account session on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const session = (cookie?: string) =>
    app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: cookie ? { cookie } : {},
    });

  it('answers who is logged in for the session cookie of a login', async () => {
    const parent = await loggedInParent(app);
    const res = await session(parent.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      userId: parent.userId,
      kind: 'PARENT',
      username: parent.username,
      email: parent.email,
      isStaff: false,
    });
  });

  it('refuses without a cookie, with an unknown token and with a malformed one', async () => {
    for (const cookie of [
      undefined,
      'cp_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'cp_session=<x>',
    ]) {
      const res = await session(cookie);
      expect(res.statusCode, String(cookie)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
  });

  it('ends the session when it expires', async () => {
    const parent = await loggedInParent(app);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 337 * 3600 * 1000);
      const res = await session(parent.cookie);
      expect(res.statusCode).toBe(401);
    } finally {
      clock = start;
    }
    expect((await session(parent.cookie)).statusCode).toBe(200);
  });

  it('logs out: the cookie is cleared and the old token no longer works', async () => {
    const parent = await loggedInParent(app);
    const res = await app.inject({
      method: 'POST',
      url: '/v2/logout',
      headers: { cookie: parent.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^cp_session=; Path=\/; Max-Age=0; HttpOnly/);
    expect((await session(parent.cookie)).statusCode).toBe(401);
    // Logging out twice (or without a session) is harmless.
    const again = await app.inject({ method: 'POST', url: '/v2/logout' });
    expect(again.statusCode).toBe(204);
  });
});
