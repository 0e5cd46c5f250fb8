import { enMessages, esMXMessages } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { sessions, userCredentials } from '../../db/schema.js';
import { verifySecret } from '../../security/hash.js';
import { hashToken } from '../../security/tokens.js';
import { paySignup, signupReadyToPay } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_USERNAME_CHECK_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

let counter = 0;
/** A username no other test uses. */
function username(prefix = 'parent') {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

describe.each(BACKENDS)('credentials and login on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function paid() {
    const signup = await signupReadyToPay(app);
    return paySignup(app, signup);
  }

  function check(token: string | undefined, name: string, on: App = app) {
    return on.inject({
      method: 'GET',
      url: `/v2/credentials/username?username=${encodeURIComponent(name)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  function setCredentials(
    token: string,
    body: { username: string; password: string },
    language = 'en',
    on: App = app,
  ) {
    return on.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { authorization: `Bearer ${token}`, language },
      payload: body,
    });
  }

  function login(body: { username: string; password: string }) {
    return app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { ...body, submit: 'Sign In', eventId: 'submit' },
    });
  }

  describe('GET /v2/credentials/username', () => {
    it('answers whether the username meets the requirements and is available', async () => {
      const { clickToJoinToken } = await paid();
      expect((await check(clickToJoinToken, username())).json()).toEqual({
        available: true,
        meetsRequirements: true,
      });
      expect((await check(clickToJoinToken, 'ab')).json()).toEqual({
        available: false,
        meetsRequirements: false,
      });
      expect((await check(clickToJoinToken, 'bad name!')).json()).toEqual({
        available: false,
        meetsRequirements: false,
      });
    });

    it('answers taken usernames as unavailable, in any case', async () => {
      const first = await paid();
      const name = username('taken');
      expect(
        (
          await setCredentials(first.clickToJoinToken, {
            username: name,
            password: 'Mango-Tree-4821',
          })
        ).statusCode,
      ).toBe(200);
      const second = await paid();
      expect((await check(second.clickToJoinToken, name.toUpperCase())).json()).toEqual({
        available: false,
        meetsRequirements: true,
      });
    });

    it('answers 401 without a valid credentials token', async () => {
      expect((await check(undefined, username())).statusCode).toBe(401);
      const res = await check('x'.repeat(43), username());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
    });
  });

  describe('POST /v2/credentials', () => {
    it('sets the username and an argon2id hash of the password, once', async () => {
      const { clickToJoinToken, registration } = await paid();
      const name = username();
      const res = await setCredentials(clickToJoinToken, {
        username: name,
        password: 'Mango-Tree-4821',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ userId: registration.parent.userId, username: name });
      const [row] = await ctx.database.db
        .select()
        .from(userCredentials)
        .where(eq(userCredentials.userId, registration.parent.userId));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifySecret(row?.passwordHash ?? '', 'Mango-Tree-4821')).toBe(true);

      const again = await setCredentials(clickToJoinToken, {
        username: username(),
        password: 'Mango-Tree-4821',
      });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
    });

    it('refuses common passwords and ones built from the username, the email or the product name, saying why', async () => {
      const { clickToJoinToken, registration } = await paid();
      const name = username('anamaria');
      const local = registration.parent.email.split('@')[0] ?? '';
      const cases = [
        ['Password123!', enMessages.validPwdCommon_error],
        ['P@ssw0rd-2024', enMessages.validPwdCommon_error],
        [`${name}#9`, enMessages.validPwdContainsUsername_error],
        [`x-${local}-1`.slice(0, 25), enMessages.validPwdContainsEmail_error],
        ['My CoParentHub 9!', enMessages.validPwdContainsProduct_error],
        ['short-1', enMessages.validPwdLength_error],
      ] as const;
      for (const [password, text] of cases) {
        const res = await setCredentials(clickToJoinToken, { username: name, password });
        expect(res.statusCode, password).toBe(422);
        expect(res.json().validationErrors, password).toEqual([
          { field: 'password', text, type: 'ERROR' },
        ]);
      }
      const spanish = await setCredentials(
        clickToJoinToken,
        { username: name, password: 'Password123!' },
        'es-MX',
      );
      expect(spanish.json().validationErrors[0].text).toBe(esMXMessages.validPwdCommon_error);
      // The token is still good after refusals.
      expect(
        (await setCredentials(clickToJoinToken, { username: name, password: 'Mango-Tree-4821' }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a username that is taken or does not meet the requirements', async () => {
      const first = await paid();
      const name = username();
      await setCredentials(first.clickToJoinToken, { username: name, password: 'Mango-Tree-4821' });
      const second = await paid();
      const taken = await setCredentials(second.clickToJoinToken, {
        username: ` ${name.toUpperCase()} `,
        password: 'Mango-Tree-4821',
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().validationErrors).toEqual([
        { field: 'username', text: enMessages.validUsernameUnavailable_error, type: 'ERROR' },
      ]);
      const bad = await setCredentials(second.clickToJoinToken, {
        username: '@bad',
        password: 'Mango-Tree-4821',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().validationErrors[0].field).toBe('username');
    });

    it('answers 401 for an expired token', async () => {
      const { clickToJoinToken } = await paid();
      const later = await buildTestApp(ctx.database, {
        env: ENV,
        now: () => new Date(Date.now() + 3 * 3600_000),
      });
      try {
        const res = await setCredentials(
          clickToJoinToken,
          { username: username(), password: 'Mango-Tree-4821' },
          'en',
          later,
        );
        expect(res.statusCode).toBe(401);
      } finally {
        await later.close();
      }
    });
  });

  describe('POST /v2/login', () => {
    it('opens a session: an http-only SameSite=Lax cookie, and the account home', async () => {
      const { clickToJoinToken, registration } = await paid();
      const name = username();
      await setCredentials(clickToJoinToken, { username: name, password: 'Mango-Tree-4821' });
      const res = await login({ username: name.toUpperCase(), password: 'Mango-Tree-4821' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        url: '/app/account/',
        redirectUrl: '/app/account/',
        auth: true,
        userId: registration.parent.userId,
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(
        /^cp_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
      );
      const token = /^cp_session=([^;]+)/.exec(cookie)?.[1] ?? '';
      const [session] = await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(session?.userId).toBe(registration.parent.userId);
    });

    it('answers 401 LOGIN_FAILED for a wrong password or an unknown username', async () => {
      const { clickToJoinToken } = await paid();
      const name = username();
      await setCredentials(clickToJoinToken, { username: name, password: 'Mango-Tree-4821' });
      for (const body of [
        { username: name, password: 'Mango-Tree-4822' },
        { username: username('nobody'), password: 'Mango-Tree-4821' },
      ]) {
        const res = await login(body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', status: 401 });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('is rate limited per IP', async () => {
      const limited = await buildTestApp(ctx.database, {
        env: { ...ENV, RATE_LIMIT_LOGIN_PER_MINUTE: '2' },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.inject({
            method: 'POST',
            url: '/v2/login',
            payload: { username: 'someone', password: 'x' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([401, 401, 429]);
      } finally {
        await limited.close();
      }
    });

    it('locks a username after 5 failures in 15 minutes, the right password too, then unlocks', async () => {
      let clock = new Date();
      const locking = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
      const attempt = (password: string, name: string) =>
        locking.inject({
          method: 'POST',
          url: '/v2/login',
          payload: { username: name, password, submit: 'Sign In', eventId: 'submit' },
        });
      try {
        const { clickToJoinToken } = await paid();
        const name = username();
        await setCredentials(clickToJoinToken, { username: name, password: 'Mango-Tree-4821' });
        // Right, then wrong: a success clears the count.
        expect((await attempt('Mango-Tree-4821', name)).statusCode).toBe(200);
        const statuses: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          statuses.push((await attempt('Wrong-Tree-0000', name.toUpperCase())).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401]);

        const locked = await attempt('Mango-Tree-4821', name);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
        expect(locked.headers['set-cookie']).toBeUndefined();
        // Another username is not affected.
        expect((await attempt('Mango-Tree-4821', username('other'))).statusCode).toBe(401);

        clock = new Date(clock.getTime() + 14 * 60_000);
        expect((await attempt('Mango-Tree-4821', name)).statusCode).toBe(429);
        clock = new Date(clock.getTime() + 61_000);
        expect((await attempt('Mango-Tree-4821', name)).statusCode).toBe(200);
      } finally {
        await locking.close();
      }
    });

    it('counts failures only within the window', async () => {
      let clock = new Date();
      const locking = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
      try {
        const name = username('slow');
        for (let i = 0; i < 8; i += 1) {
          const res = await locking.inject({
            method: 'POST',
            url: '/v2/login',
            payload: { username: name, password: 'Wrong-Tree-0000' },
          });
          expect(res.statusCode, `attempt ${i}`).toBe(401);
          clock = new Date(clock.getTime() + 4 * 60_000);
        }
      } finally {
        await locking.close();
      }
    });
  });
});
