import { SUPPORT_CHAT_TOKEN_PATH, SUPPORT_CHAT_TOKEN_TTL_SECONDS } from '@coparent/domain';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loggedInParent } from '../../test/signup-fixtures.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

const SECRET = 'zendesk-shared-secret-for-tests-0123456789';
const KEY_ID = 'app_64f1c0ffee';
const ZENDESK_ENV = {
  ZENDESK_JWT_KEY_ID: KEY_ID,
  ZENDESK_JWT_SECRET: SECRET,
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_SUPPORT_TOKEN_PER_MINUTE: '10000',
};
const ANONYMOUS_ID = '3f2c9a4e-8b1d-4c7e-9f00-1a2b3c4d5e6f';

describe(`POST ${SUPPORT_CHAT_TOKEN_PATH}`, () => {
  const ctx = useTestDatabase('pglite');
  const clock = new Date('2030-06-01T12:00:00Z');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ZENDESK_ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const requestToken = (payload: unknown, headers: Record<string, string> = {}, on = app) =>
    on.inject({
      method: 'POST',
      url: SUPPORT_CHAT_TOKEN_PATH,
      payload: payload as object,
      headers,
    });

  it('signs a 5-minute HS256 token with kid and an anonymous external_id for a visitor', async () => {
    const res = await requestToken({ anonymousId: ANONYMOUS_ID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token } = res.json() as { token: string };
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      currentDate: clock,
    });
    expect(protectedHeader).toMatchObject({ alg: 'HS256', kid: KEY_ID });
    const issuedAt = clock.getTime() / 1000;
    expect(payload).toEqual({
      scope: 'user',
      external_id: `anonymous:${ANONYMOUS_ID}`,
      iat: issuedAt,
      exp: issuedAt + SUPPORT_CHAT_TOKEN_TTL_SECONDS,
    });
  });

  it('a token signed with another secret does not verify', async () => {
    const { token } = (await requestToken({ anonymousId: ANONYMOUS_ID })).json() as {
      token: string;
    };
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret'), { currentDate: clock }),
    ).rejects.toThrow();
  });

  it('names the logged-in account: its user id, name and email', async () => {
    const parent = await loggedInParent(app);
    const res = await requestToken({ anonymousId: ANONYMOUS_ID }, { cookie: parent.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const claims = decodeJwt((res.json() as { token: string }).token);
    expect(claims).toMatchObject({
      scope: 'user',
      external_id: parent.userId,
      email: parent.email,
      name: expect.stringMatching(/\S+ \S+/),
    });
  });

  it('refuses hostile or malformed bodies with a 4xx, never a token', async () => {
    for (const payload of [
      {},
      { anonymousId: '' },
      { anonymousId: 'x'.repeat(65) },
      { anonymousId: '<script>alert(1)</script>' },
      { anonymousId: ['3f2c9a4e'] },
      { anonymousId: ANONYMOUS_ID, external_id: 'someone-else' },
      { anonymousId: ANONYMOUS_ID, email: 'boss@example.com' },
    ]) {
      const res = await requestToken(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toHaveProperty('validationErrors');
      expect(res.body).not.toContain('token');
    }
    const text = await app.inject({
      method: 'POST',
      url: SUPPORT_CHAT_TOKEN_PATH,
      payload: 'anonymousId=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    // A forged session cookie is no login: the visitor stays anonymous.
    const forged = await requestToken(
      { anonymousId: ANONYMOUS_ID },
      { cookie: 'cp_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    );
    expect(decodeJwt((forged.json() as { token: string }).token).external_id).toBe(
      `anonymous:${ANONYMOUS_ID}`,
    );
  });

  it('answers 404 SUPPORT_CHAT_DISABLED when Zendesk is not configured', async () => {
    const plain = await buildTestApp(ctx.database);
    try {
      const res = await requestToken({ anonymousId: ANONYMOUS_ID }, {}, plain);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'SUPPORT_CHAT_DISABLED', status: 404 });
    } finally {
      await plain.close();
    }
  });

  it('is rate limited per client', async () => {
    const limited = await buildTestApp(ctx.database, {
      env: { ...ZENDESK_ENV, RATE_LIMIT_SUPPORT_TOKEN_PER_MINUTE: '2' },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push((await requestToken({ anonymousId: ANONYMOUS_ID }, {}, limited)).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
