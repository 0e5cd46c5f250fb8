import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import { credentialsTokens, users } from '../../db/schema.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { type InviteScenario, type ScenarioResult, seedInviteScenario } from './scenarios.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_INVITE_REQUEST_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  INVITE_REQUEST_INTERVAL_SECONDS: '0',
  INVITE_REQUESTS_PER_HOUR: '100',
};

const PASSWORD = 'Tr1cky-Lantern-93';

// The invite token's life: it works until the co-parent has credentials, the credentials come
// only after the steps the browser asks for, and setting them signs the co-parent in.
describe.each(BACKENDS)('the invite lifecycle on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = Date.now();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  function scenario(name: InviteScenario): Promise<ScenarioResult> {
    return seedInviteScenario(name, {
      app,
      db: db(),
      mailer: createOutboxMailer(db()),
      publicUrl: ENV.PUBLIC_URL,
      inviteTtlDays: 14,
      now: () => new Date(clock),
    });
  }

  const current = (token: string) =>
    app.inject({ method: 'GET', url: '/v2/invites/current', headers: bearer(token) });

  async function userIdOf(token: string): Promise<string> {
    const res = await current(token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { userId: string }).userId;
  }

  const patch = (token: string, userId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/v2/users/${userId}`, headers: bearer(token), payload });

  async function step1(token: string, userId: string, email: string) {
    const res = await patch(token, userId, {
      sections: ['PARENT'],
      parent: {
        userId,
        firstName: 'Bruno',
        lastName: 'López',
        email,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function billing(token: string, userId: string) {
    const res = await patch(token, userId, {
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId, timeZone: 'America/Chicago' },
      address: {
        line1: '9 Elm St',
        line2: null,
        city: 'Austin',
        region: 'TX',
        postalCode: '73301',
        country: 'US',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const mint = (token: string, userId: string) =>
    app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/credentials-token`,
      headers: bearer(token),
    });

  const setCredentials = (credentialsToken: string, username: string) =>
    app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: bearer(credentialsToken),
      payload: { username, password: PASSWORD },
    });

  /** A co-parent Parent A paid for: step 1, billing, then credentials through the invite. */
  async function finishedInvite() {
    const invite = await scenario('paid-coparent-invite');
    const userId = await userIdOf(invite.token);
    await step1(invite.token, userId, invite.coParentEmail);
    await billing(invite.token, userId);
    const minted = await mint(invite.token, userId);
    expect(minted.statusCode, minted.body).toBe(200);
    const username = `bruno_${randomUUID().slice(0, 8)}`;
    const set = await setCredentials(
      (minted.json() as { clickToJoinToken: string }).clickToJoinToken,
      username,
    );
    expect(set.statusCode, set.body).toBe(200);
    return { invite, userId, username, set };
  }

  describe('a finished invite', () => {
    it('refuses every invited call like an expired token once the co-parent has credentials', async () => {
      const expired = await scenario('coparent-invite');
      const before = clock;
      clock += 15 * 86_400_000;
      const expiredAnswer = await current(expired.token).finally(() => {
        clock = before;
      });
      const { invite, userId } = await finishedInvite();

      const calls: { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: unknown }[] =
        [
          { method: 'GET', url: `/v2/users/${userId}` },
          { method: 'PATCH', url: `/v2/users/${userId}`, payload: { sections: ['PARENT'] } },
          { method: 'POST', url: `/v2/users/${userId}/terms` },
          { method: 'PUT', url: `/v2/users/${userId}/marketing-opt-in`, payload: true },
          { method: 'POST', url: `/v2/users/${userId}/pricing`, payload: {} },
          { method: 'POST', url: `/v2/users/${userId}/country-check`, payload: {} },
          { method: 'POST', url: `/v2/users/${userId}/payment`, payload: {} },
          { method: 'POST', url: `/v2/users/${userId}/credentials-token` },
        ];
      for (const call of calls) {
        const res = await app.inject({
          method: call.method,
          url: call.url,
          headers: { ...bearer(invite.token), 'idempotency-key': randomUUID() },
          ...(call.payload === undefined ? {} : { payload: call.payload as object }),
        });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(expiredAnswer.statusCode);
        // The same answer, but for the id of the request it names.
        expect(res.json(), `${call.method} ${call.url}`).toEqual({
          ...expiredAnswer.json(),
          requestId: res.headers['x-request-id'],
        });
      }
    });

    it('keeps the email: the invite token cannot move where password resets go', async () => {
      const { invite, userId } = await finishedInvite();
      const attacker = `taker.${randomUUID()}@example.com`;
      const res = await patch(invite.token, userId, {
        sections: ['PARENT'],
        parent: {
          userId,
          firstName: 'Bruno',
          lastName: 'López',
          email: attacker,
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125559876',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'INVITE_INVALID' });
      const [row] = await db().select().from(users).where(eq(users.id, userId));
      expect(row?.email).toBe(invite.coParentEmail);
    });

    it('lets the token check say "completed", with no data, for the live and the older links', async () => {
      const { invite } = await finishedInvite();
      const res = await current(invite.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        type: '/problems/invite-invalid',
        title: expect.any(String),
        status: 403,
        code: 'INVITE_INVALID',
        inviteCompleted: true,
        // Names the request, as its X-Request-Id header does.
        requestId: res.headers['x-request-id'],
      });
      // Long after the link expired, the answer is the same: log in, no new link.
      const before = clock;
      clock += 30 * 86_400_000;
      try {
        expect((await current(invite.token)).json()).toMatchObject({ inviteCompleted: true });
      } finally {
        clock = before;
      }
    });

    it('sends no new link for a finished invite, saying only that it is completed', async () => {
      const { invite } = await finishedInvite();
      const res = await app.inject({
        method: 'POST',
        url: '/v2/invites/request',
        headers: bearer(invite.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        type: '/problems/invite-request-failed',
        title: expect.any(String),
        status: 404,
        code: 'INVITE_REQUEST_FAILED',
        inviteCompleted: true,
        // Names the request, as its X-Request-Id header does.
        requestId: res.headers['x-request-id'],
      });
      const unknown = await app.inject({
        method: 'POST',
        url: '/v2/invites/request',
        headers: bearer('x'.repeat(43)),
      });
      expect(unknown.json()).not.toHaveProperty('inviteCompleted');
    });

    it('says nothing of the kind for an unknown, expired or unfinished token', async () => {
      const unfinished = await scenario('coparent-invite');
      const before = clock;
      clock += 15 * 86_400_000;
      try {
        for (const token of [unfinished.token, 'x'.repeat(43)]) {
          const res = await current(token);
          expect(res.statusCode).toBe(403);
          expect(res.json()).not.toHaveProperty('inviteCompleted');
        }
      } finally {
        clock = before;
      }
    });

    it('still lets the invite change the email before credentials exist', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      const email = `bruno.new.${randomUUID()}@example.com`;
      await step1(invite.token, userId, email);
      const [row] = await db().select().from(users).where(eq(users.id, userId));
      expect(row?.email).toBe(email);
    });
  });

  describe('credentials in order', () => {
    const tokensOf = (userId: string) =>
      db().select().from(credentialsTokens).where(eq(credentialsTokens.userId, userId));

    async function expectOutOfOrder(token: string, userId: string) {
      const res = await mint(token, userId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SECTION_OUT_OF_ORDER' });
      expect(await tokensOf(userId)).toHaveLength(0);
    }

    it('refuses a credentials token before step 1 and before paying', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      await expectOutOfOrder(invite.token, userId);
      await step1(invite.token, userId, invite.coParentEmail);
      await expectOutOfOrder(invite.token, userId);
      await billing(invite.token, userId);
      await expectOutOfOrder(invite.token, userId);
    });

    it('asks a paid co-parent for step 1 and the billing address first', async () => {
      const invite = await scenario('paid-coparent-invite');
      const userId = await userIdOf(invite.token);
      await expectOutOfOrder(invite.token, userId);
      await step1(invite.token, userId, invite.coParentEmail);
      await expectOutOfOrder(invite.token, userId);
      await billing(invite.token, userId);
      expect((await mint(invite.token, userId)).statusCode).toBe(200);
    });

    it("asks a professional's family for step 1 only", async () => {
      const invite = await scenario('pro-invite');
      const userId = await userIdOf(invite.token);
      await expectOutOfOrder(invite.token, userId);
      await step1(invite.token, userId, invite.coParentEmail);
      expect((await mint(invite.token, userId)).statusCode).toBe(200);
    });
  });

  describe('setting credentials signs the co-parent in', () => {
    it('answers the session cookie of the login, and the account home opens with it', async () => {
      const { set, userId, username } = await finishedInvite();
      const cookie = String(set.headers['set-cookie'] ?? '');
      expect(cookie).toMatch(/^cp_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(set.headers['cache-control']).toBe('no-store');
      const session = cookie.split(';')[0] ?? '';

      const home = await app.inject({
        method: 'GET',
        url: '/v2/account/home',
        headers: { cookie: session },
      });
      expect(home.statusCode, home.body).toBe(200);
      const who = await app.inject({
        method: 'GET',
        url: '/v2/account/session',
        headers: { cookie: session },
      });
      expect(who.json()).toMatchObject({ userId, username });
    });
  });
});
