import { randomUUID } from 'node:crypto';
import { esMXMessages, InvitedContextSchema, PaymentResponseSchema } from '@coparent/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import {
  emailOutbox,
  invites,
  orders,
  parentProfiles,
  payments,
  subscriptions,
  users,
} from '../../db/schema.js';
import { verifySecret } from '../../security/hash.js';
import { hashToken } from '../../security/tokens.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { type InviteScenario, type ScenarioResult, seedInviteScenario } from './scenarios.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_INVITE_REQUEST_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  INVITE_REQUEST_INTERVAL_SECONDS: '0',
  INVITE_REQUESTS_PER_HOUR: '100',
};

const TEXAS_ADDRESS = {
  line1: '9 Elm St',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '73301',
  country: 'US',
};

describe.each(BACKENDS)('invited co-parent calls on %s', (backend) => {
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

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function current(token: string) {
    return app.inject({ method: 'GET', url: '/v2/invites/current', headers: bearer(token) });
  }

  async function userIdOf(token: string): Promise<string> {
    const res = await current(token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { userId: string }).userId;
  }

  function patch(token: string, userId: string, payload: unknown, language = 'en') {
    return app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: { ...bearer(token), language },
      payload: payload as Record<string, unknown>,
    });
  }

  async function step1(token: string, userId: string, email: string) {
    return patch(token, userId, {
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
  }

  async function billing(token: string, userId: string) {
    return patch(token, userId, {
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId, timeZone: 'America/Chicago' },
      address: TEXAS_ADDRESS,
    });
  }

  describe('the token', () => {
    it('answers the invited context of a valid token, without the token', async () => {
      const invite = await scenario('coparent-invite');
      const res = await current(invite.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = InvitedContextSchema.parse(res.json());
      expect(body).toMatchObject({
        isSubscriptionCurrent: false,
        requireCredentials: true,
        userCreatedByPro: false,
        pro: null,
        coparentPackageId: null,
        agreedToTerms: false,
        lastCompletedStep: 0,
      });
      expect(body.familyMembers.map((m) => m.displayInitials)).toEqual(['AL', 'BL', 'CL']);
      expect(res.body).not.toContain(invite.token);
    });

    it('answers 403 INVITE_INVALID for a missing, unknown or expired token', async () => {
      const invite = await scenario('coparent-invite');
      const missing = await app.inject({ method: 'GET', url: '/v2/invites/current' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toMatchObject({ code: 'INVITE_INVALID' });
      const unknown = await current('x'.repeat(43));
      expect(unknown.json()).toMatchObject({ status: 403, code: 'INVITE_INVALID' });
      const before = clock;
      clock += 15 * 86_400_000;
      try {
        const expired = await current(invite.token);
        expect(expired.statusCode).toBe(403);
        expect(expired.json()).toMatchObject({ code: 'INVITE_INVALID' });
      } finally {
        clock = before;
      }
    });

    it('refuses another user id with a valid token (403 INVITE_USER_MISMATCH), revealing nothing', async () => {
      const mine = await scenario('coparent-invite');
      const other = await scenario('coparent-invite');
      const otherId = await userIdOf(other.token);
      for (const url of [`/v2/users/${otherId}`, `/v2/users/${randomUUID()}`, '/v2/users/nope']) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(mine.token) });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'INVITE_USER_MISMATCH' });
        expect(res.body).not.toContain('Bruno');
      }
      const res = await app.inject({
        method: 'POST',
        url: `/v2/users/${otherId}/terms`,
        headers: bearer(mine.token),
      });
      expect(res.statusCode).toBe(403);
    });

    it('works for a co-parent known only by phone (no email)', async () => {
      // A family step with a phone and no email: the co-parent becomes an INVITED user without an
      // email whose invite opens by token; step 1 collects the email.
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      await db()
        .update(users)
        .set({ email: null, emailNormalized: null })
        .where(eq(users.id, userId));
      const res = await current(invite.token);
      expect(res.statusCode, res.body).toBe(200);
      const email = `phone.only.${randomUUID()}@example.com`;
      const saved = await step1(invite.token, userId, email);
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.id, userId));
      expect(row?.email).toBe(email);
    });
  });

  describe('PATCH /v2/users/:userId', () => {
    it('validates step 1 with the parent contact rules (422, localised)', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      const res = await patch(
        invite.token,
        userId,
        {
          sections: ['PARENT'],
          parent: { firstName: '', lastName: 'López', email: 'nope', phoneNumber: '123' },
        },
        'es-MX',
      );
      expect(res.statusCode).toBe(422);
      const fields = (res.json() as { validationErrors: { field: string }[] }).validationErrors.map(
        (e) => e.field,
      );
      expect(fields).toEqual(
        expect.arrayContaining([
          'parent.email',
          'parent.phoneNumber',
          'parent.firstName',
          'parent.phoneCountryCode',
        ]),
      );
    });

    it('refuses a billing ZIP of another state (422, localised) and keeps no address', async () => {
      const paid = await scenario('paid-coparent-invite');
      const userId = await userIdOf(paid.token);
      await step1(paid.token, userId, paid.coParentEmail);
      const res = await patch(
        paid.token,
        userId,
        {
          sections: ['PARENT', 'ADDRESS'],
          parent: { userId, timeZone: 'America/New_York' },
          address: { ...TEXAS_ADDRESS, city: 'Albany', region: 'NY', postalCode: '78701' },
        },
        'es-MX',
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().validationErrors).toEqual([
        {
          field: 'address.postalCode',
          text: esMXMessages.payment_postalCodeState_error,
          type: 'ERROR',
        },
      ]);
      const again = await step1(paid.token, userId, paid.coParentEmail);
      expect(again.json()).toMatchObject({ nextPath: '/invite/billing-info' });
    });

    it('moves step 1 to 1 and packages, or 2 and billing info when paid but billing incomplete', async () => {
      const unpaid = await scenario('coparent-invite');
      const unpaidId = await userIdOf(unpaid.token);
      const a = await step1(unpaid.token, unpaidId, unpaid.coParentEmail);
      expect(a.json()).toMatchObject({ lastCompletedStep: 1, nextPath: '/invite/packages' });

      const paid = await scenario('paid-coparent-invite');
      const paidId = await userIdOf(paid.token);
      const ctxPaid = (await current(paid.token)).json() as { isSubscriptionCurrent: boolean };
      expect(ctxPaid.isSubscriptionCurrent).toBe(true);
      const b = await step1(paid.token, paidId, paid.coParentEmail);
      expect(b.json()).toMatchObject({ lastCompletedStep: 2, nextPath: '/invite/billing-info' });
      expect((await billing(paid.token, paidId)).statusCode).toBe(200);
      const c = await step1(paid.token, paidId, paid.coParentEmail);
      expect(c.json()).toMatchObject({ lastCompletedStep: 1, nextPath: '/invite/packages' });
    });

    it('moves a package choice to 1 (build-your-own) or 2, and choose-your-own to 2', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      const byo = await patch(invite.token, userId, {
        sections: ['PACKAGE'],
        order: { packageId: 3005 },
      });
      expect(byo.statusCode, byo.body).toBe(200);
      expect(byo.json()).toMatchObject({
        lastCompletedStep: 1,
        nextPath: '/invite/choose-your-own',
      });
      const configured = await patch(invite.token, userId, {
        sections: ['PACKAGE'],
        order: { packageId: 3005, productId: 'SUB1YEAR', services: ['MYFILES'] },
      });
      expect(configured.json()).toMatchObject({
        lastCompletedStep: 2,
        nextPath: '/invite/payment',
      });
      const other = await patch(invite.token, userId, {
        sections: ['PACKAGE'],
        order: { packageId: 3003 },
      });
      expect(other.json()).toMatchObject({ lastCompletedStep: 2, nextPath: '/invite/payment' });
      expect(
        ((await current(invite.token)).json() as { lastCompletedStep: number }).lastCompletedStep,
      ).toBe(2);
    });

    it('stores the security answer and code as argon2id hashes, and the referral', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      const res = await patch(invite.token, userId, {
        sections: ['REFERRAL', 'SECURITY_QUESTION', 'SECURITY_CODE'],
        referral: { selection: 'OTHER', other: 'A friend' },
        securityQuestion: 'First pet name?',
        securityAnswer: 'Rex the Dog',
        securityCode: '4321',
        confirmCode: '4321',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [profile] = await db()
        .select()
        .from(parentProfiles)
        .where(eq(parentProfiles.userId, userId));
      expect(profile?.securityAnswerHash).toMatch(/^\$argon2id\$/);
      expect(profile?.securityCodeHash).toMatch(/^\$argon2id\$/);
      expect(await verifySecret(profile?.securityCodeHash ?? '', '4321')).toBe(true);
      expect(await verifySecret(profile?.securityAnswerHash ?? '', 'rex the dog')).toBe(true);
      expect(profile?.referralSelection).toBe('OTHER');
      const read = await app.inject({
        method: 'GET',
        url: `/v2/users/${userId}`,
        headers: bearer(invite.token),
      });
      expect(read.json()).toMatchObject({
        hasSecurityAnswer: true,
        hasSecurityCode: true,
        securityQuestion: 'First pet name?',
      });
      expect(read.body).not.toContain('argon2');

      const asRead = await patch(invite.token, userId, {
        sections: ['REFERRAL'],
        referral: { selection: 'SEARCH_ENGINE', other: null },
      });
      expect(asRead.statusCode, asRead.body).toBe(200);
      const [answered] = await db()
        .select()
        .from(parentProfiles)
        .where(eq(parentProfiles.userId, userId));
      expect(answered?.referralSelection).toBe('SEARCH_ENGINE');

      const bad = await patch(invite.token, userId, {
        sections: ['SECURITY_CODE'],
        securityCode: '12a4',
        confirmCode: '9999',
      });
      expect(bad.statusCode).toBe(422);
    });
  });

  describe('terms and marketing', () => {
    it('marks terms agreed and sets the marketing opt-in', async () => {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      const terms = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/terms`,
        headers: bearer(invite.token),
      });
      expect(terms.statusCode, terms.body).toBe(200);
      expect(terms.json()).toEqual({ agreedToTerms: true });
      for (const value of [true, false]) {
        const res = await app.inject({
          method: 'PUT',
          url: `/v2/users/${userId}/marketing-opt-in`,
          headers: { ...bearer(invite.token), 'content-type': 'application/json' },
          payload: JSON.stringify(value),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ marketingOptIn: value });
      }
      const read = await app.inject({
        method: 'GET',
        url: `/v2/users/${userId}`,
        headers: bearer(invite.token),
      });
      expect(read.json()).toMatchObject({ agreedToTerms: true, marketingOptIn: false });
    });
  });

  describe('POST /v2/invites/request', () => {
    it('sends a new link: the old token stops working, the new one works, and a replaced one can ask again', async () => {
      const invite = await scenario('coparent-invite');
      const res = await app.inject({
        method: 'POST',
        url: '/v2/invites/request',
        headers: bearer(invite.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ requested: true });
      expect((await current(invite.token)).statusCode).toBe(403);
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, invite.coParentEmail),
            eq(emailOutbox.template, 'invite-new-link'),
          ),
        )
        .orderBy(desc(emailOutbox.createdAt));
      const match = /https:\/\/join\.example\.test\/app\/join\/invite\?token=([A-Za-z0-9_-]+)/.exec(
        mail?.textBody ?? '',
      );
      expect(match?.[1]).toBeDefined();
      const fresh = match?.[1] ?? '';
      expect((await current(fresh)).statusCode).toBe(200);

      // The replaced token asks again: the newest link is replaced in turn.
      const again = await app.inject({
        method: 'POST',
        url: '/v2/invites/request',
        headers: bearer(invite.token),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect((await current(fresh)).statusCode).toBe(403);
      const live = await db()
        .select()
        .from(invites)
        .where(and(eq(invites.userId, invite.coParentUserId ?? (await userIdOfRow(fresh)))));
      expect(live.filter((row) => row.revokedAt === null)).toHaveLength(1);
    });

    it('answers 404 INVITE_REQUEST_FAILED for an unknown or missing token', async () => {
      for (const headers of [bearer('y'.repeat(43)), {}]) {
        const res = await app.inject({ method: 'POST', url: '/v2/invites/request', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'INVITE_REQUEST_FAILED' });
      }
    });

    it('works with an expired token', async () => {
      const invite = await scenario('pro-invite');
      const before = clock;
      clock += 30 * 86_400_000;
      try {
        expect((await current(invite.token)).statusCode).toBe(403);
        const res = await app.inject({
          method: 'POST',
          url: '/v2/invites/request',
          headers: bearer(invite.token),
        });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        clock = before;
      }
    });
  });

  async function userIdOfRow(token: string): Promise<string> {
    const [row] = await db()
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, hashToken(token)));
    return row?.userId ?? '';
  }

  describe('professional families', () => {
    it("shows the professional's name in the context", async () => {
      const invite = await scenario('pro-invite');
      const res = await current(invite.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        userCreatedByPro: true,
        pro: { firstName: 'Patricia', lastName: 'Reyes' },
      });
    });

    it('skips the package and the payment: step 1 leads to the credentials, nothing is charged', async () => {
      const invite = await scenario('pro-invite');
      const userId = await userIdOf(invite.token);
      const saved = await step1(invite.token, userId, invite.coParentEmail);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ lastCompletedStep: 1, nextPath: '/invite/credentials' });

      const choose = await patch(invite.token, userId, {
        sections: ['PACKAGE'],
        order: { packageId: 3003 },
      });
      expect(choose.statusCode).toBe(409);
      expect(choose.json()).toMatchObject({ code: 'INVITE_COVERED_BY_PROFESSIONAL' });
      const pay = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/payment`,
        headers: { ...bearer(invite.token), 'idempotency-key': randomUUID() },
        payload: {
          deviceData: null,
          marketingOptIn: true,
          order: { packageId: 3003 },
          payment: {
            amountDisplayed: 14999,
            taxAmountDisplayed: 0,
            nonce: 'fake-valid-nonce',
            bankAccountNumber: null,
            bankRoutingNumber: null,
          },
          promoCodes: null,
          segmentAnonymousId: 'anon',
        },
      });
      expect(pay.statusCode, pay.body).toBe(409);
      expect(pay.json()).toMatchObject({ code: 'INVITE_COVERED_BY_PROFESSIONAL' });
      expect(await db().select().from(payments).where(eq(payments.invitedUserId, userId))).toEqual(
        [],
      );

      const minted = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/credentials-token`,
        headers: bearer(invite.token),
      });
      expect(minted.statusCode, minted.body).toBe(200);

      // Their account works at once: the practice's subscription, paid by the professional.
      const set = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: bearer((minted.json() as { clickToJoinToken: string }).clickToJoinToken),
        payload: { username: `diego_${randomUUID().slice(0, 8)}`, password: 'Quiet-Harbor-7421!' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const session = String(set.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      const home = await app.inject({
        method: 'GET',
        url: '/v2/account/home',
        headers: { cookie: session },
      });
      expect(home.statusCode, home.body).toBe(200);
      expect(home.json().subscription).toMatchObject({
        packageId: 3003,
        years: 1,
        autoRenew: false,
        isCurrent: true,
        paidBy: { firstName: 'Patricia', lastName: 'Reyes', isYou: false },
      });
      expect(await db().select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
    });
  });

  describe('POST /v2/users/:userId/payment', () => {
    async function readyToPay(): Promise<{
      token: string;
      userId: string;
      body: Record<string, unknown>;
    }> {
      const invite = await scenario('coparent-invite');
      const userId = await userIdOf(invite.token);
      expect((await step1(invite.token, userId, invite.coParentEmail)).statusCode).toBe(200);
      expect((await billing(invite.token, userId)).statusCode).toBe(200);
      const priced = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/pricing`,
        headers: bearer(invite.token),
        payload: { userId, orderDetail: { packageId: 3003 }, subscriptionCodes: [] },
      });
      expect(priced.statusCode, priced.body).toBe(200);
      const totals = (priced.json() as { totals: { total: number; taxAmount: number } }).totals;
      return {
        token: invite.token,
        userId,
        body: {
          deviceData: null,
          marketingOptIn: true,
          order: { packageId: 3003 },
          payment: {
            amountDisplayed: totals.total,
            taxAmountDisplayed: totals.taxAmount,
            nonce: 'fake-valid-nonce',
            bankAccountNumber: null,
            bankRoutingNumber: null,
          },
          promoCodes: null,
          segmentAnonymousId: 'anon',
        },
      };
    }

    function payInvited(token: string, userId: string, body: unknown, key: string) {
      return app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/payment`,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: body as Record<string, unknown>,
      });
    }

    it('pays once: replay answers the same result, concurrent attempts charge once', async () => {
      const { token, userId, body } = await readyToPay();
      const key = randomUUID();
      const [a, b] = await Promise.all([
        payInvited(token, userId, body, key),
        payInvited(token, userId, body, randomUUID()),
      ]);
      const ok = [a, b].filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of [a, b]) expect([200, 409]).toContain(r.statusCode);
      const first = PaymentResponseSchema.parse(ok[0]?.json());
      expect(first.registration.parent.userId).toBe(userId);
      expect(first.clickToJoinToken).toEqual(expect.any(String));
      const replay = await payInvited(token, userId, body, key);
      expect(replay.statusCode, replay.body).toBe(200);
      const replayed = PaymentResponseSchema.parse(replay.json());
      expect(replayed.receipt).toEqual(first.receipt);

      const rows = await db().select().from(payments).where(eq(payments.invitedUserId, userId));
      expect(rows.filter((r) => r.status === 'COMPLETED')).toHaveLength(1);
      const userOrders = await db().select().from(orders).where(eq(orders.userId, userId));
      expect(userOrders).toHaveLength(1);
      const subs = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, userOrders[0]?.id ?? ''));
      expect(subs).toHaveLength(1);
      const receiptMail = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, 'payment-receipt')));
      expect(receiptMail.some((m) => m.toAddress.startsWith('demo.coparent.'))).toBe(true);
      const ctxAfter = (await current(token)).json() as { isSubscriptionCurrent: boolean };
      expect(ctxAfter.isSubscriptionCurrent).toBe(true);

      // The newest answer's credentials token (a replay mints a new one) sets the credentials.
      const creds = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: { authorization: `Bearer ${replayed.clickToJoinToken ?? ''}` },
        payload: { username: `bruno_${userId.slice(0, 6)}`, password: 'Tr1cky-Lantern-93' },
      });
      expect(creds.statusCode, creds.body).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.id, userId));
      expect(row?.status).toBe('ACTIVE');
    });

    it('refuses paying for the co-parent (422 payForCoparent)', async () => {
      const { token, userId, body } = await readyToPay();
      const res = await payInvited(token, userId, { ...body, payForCoparent: true }, randomUUID());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ validationErrors: [{ field: 'payForCoparent' }] });
    });

    it('needs an Idempotency-Key and a valid token', async () => {
      const { token, userId, body } = await readyToPay();
      const noKey = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/payment`,
        headers: bearer(token),
        payload: body,
      });
      expect(noKey.statusCode).toBe(400);
      const badToken = await payInvited('z'.repeat(43), userId, body, randomUUID());
      expect(badToken.statusCode).toBe(403);
    });
  });

  describe('POST /v2/users/:userId/credentials-token', () => {
    it('mints a single-use credentials token for a co-parent whose subscription was paid', async () => {
      const invite = await scenario('paid-coparent-invite');
      const userId = await userIdOf(invite.token);
      expect((await step1(invite.token, userId, invite.coParentEmail)).statusCode).toBe(200);
      expect((await billing(invite.token, userId)).statusCode).toBe(200);
      const res = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/credentials-token`,
        headers: bearer(invite.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { clickToJoinToken } = res.json() as { clickToJoinToken: string };
      const body = { username: `elena_${userId.slice(0, 6)}`, password: 'Tr1cky-Lantern-93' };
      const set = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: { authorization: `Bearer ${clickToJoinToken}` },
        payload: body,
      });
      expect(set.statusCode, set.body).toBe(200);
      const again = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: { authorization: `Bearer ${clickToJoinToken}` },
        payload: body,
      });
      expect(again.statusCode).toBe(401);
      const more = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/credentials-token`,
        headers: bearer(invite.token),
      });
      // Once credentials exist the invite token itself is dead (tested under "a finished invite").
      expect(more.statusCode).toBe(403);
      expect(more.json()).toMatchObject({ code: 'INVITE_INVALID' });
    });
  });

  describe('seed scenarios', () => {
    it('create working links of each kind', async () => {
      for (const name of ['coparent-invite', 'paid-coparent-invite', 'pro-invite'] as const) {
        const result = await scenario(name);
        expect(result.link).toMatch(/^https:\/\/join\.example\.test\/app\/join\/invite\?token=/);
        expect((await current(result.token)).statusCode).toBe(200);
      }
    });
  });
});
