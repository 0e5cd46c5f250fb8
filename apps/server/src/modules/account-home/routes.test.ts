import { normalizePassword } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { hashSecret } from '../../security/hash.js';
import {
  type LoggedInParent,
  loggedInParent,
  TEST_PASSWORD,
  uniqueUsername,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { insertCredentials, insertUser } from '../account/repo.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

describe.each(BACKENDS)('account home and receipts on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, cookie?: string, language = 'en') =>
    app.inject({ method: 'GET', url, headers: { language, ...(cookie ? { cookie } : {}) } });

  /** The funnel's receipt (the reload call) of the parent's signup: its id is the account's. */
  async function funnelReceipt(parent: LoggedInParent) {
    const res = await app.inject({
      method: 'GET',
      url: `/v2/signups/${parent.signup.signupId}/receipt`,
      headers: { 'x-registration-key': parent.signup.registrationKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { receiptId: string; packageDisplayName: string; totals: never };
  }

  it('shows a paid Parent A: the family, the subscription paid by them, one receipt', async () => {
    const parent = await loggedInParent(app);
    const receipt = await funnelReceipt(parent);
    expect(receipt.receiptId).toMatch(/^[0-9a-f-]{36}$/);

    const res = await get('/v2/account/home', parent.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const home = res.json();
    expect(home.user).toEqual({
      userId: parent.userId,
      kind: 'PARENT',
      firstName: 'Ana',
      lastName: 'López',
      email: parent.email,
      username: parent.username,
    });
    expect(
      home.family.members.map((m: Record<string, unknown>) => [
        m.role,
        m.firstName,
        m.displayInitials,
        m.isYou,
      ]),
    ).toEqual([
      ['PARENT', 'Ana', 'AL', true],
      ['CO_PARENT', 'Bruno', 'BL', false],
      ['CHILD', 'Carla', 'CL', false],
    ]);
    expect(home.family.members[0].userId).toBe(parent.userId);
    expect(home.subscription).toMatchObject({
      packageId: 3003,
      packageName: receipt.packageDisplayName,
      years: 1,
      autoRenew: true,
      isCurrent: true,
      paidBy: { firstName: 'Ana', lastName: 'López', isYou: true },
    });
    expect(new Date(home.subscription.renewsAt).getTime()).toBeGreaterThan(clock.getTime());
    expect(home.receipts).toEqual([
      {
        receiptId: receipt.receiptId,
        date: expect.any(String),
        packageName: receipt.packageDisplayName,
        totalFormatted: expect.stringMatching(/^\$/),
        currency: 'USD',
      },
    ]);
  });

  it('names the package in the request’s language', async () => {
    const parent = await loggedInParent(app);
    const en = (await get('/v2/account/home', parent.cookie, 'en')).json();
    const es = (await get('/v2/account/home', parent.cookie, 'es-MX')).json();
    expect(es.subscription.packageName).not.toBe(en.subscription.packageName);
    expect(es.receipts[0].packageName).toBe(es.subscription.packageName);
  });

  it('says the subscription is no longer current after its renewal date', async () => {
    const parent = await loggedInParent(app);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 400 * 86_400_000);
      // The session (14 days) would have ended: log in again at the later time.
      const login = await app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { username: parent.username, password: TEST_PASSWORD },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      const home = (await get('/v2/account/home', cookie)).json();
      expect(home.subscription.isCurrent).toBe(false);
    } finally {
      clock = start;
    }
  });

  it('opens a receipt for its owner, with the funnel receipt’s content', async () => {
    const parent = await loggedInParent(app);
    const receipt = await funnelReceipt(parent);
    const res = await get(`/v2/account/receipts/${receipt.receiptId}`, parent.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { coParentEmail, ...body } = res.json();
    expect(body).toEqual(receipt);
    expect(coParentEmail).toMatch(/^coparent\..+@example\.com$/);
  });

  it('never shows another user’s receipt: 404 as for an unknown or malformed id', async () => {
    const owner = await loggedInParent(app);
    const other = await loggedInParent(app);
    const { receiptId } = await funnelReceipt(owner);
    for (const id of [receiptId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'--"]) {
      const res = await get(`/v2/account/receipts/${encodeURIComponent(id)}`, other.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
      expect(res.body).not.toContain(owner.email);
    }
    // The other user's home lists only their own receipt.
    const home = (await get('/v2/account/home', other.cookie)).json();
    expect(home.receipts.map((r: { receiptId: string }) => r.receiptId)).not.toContain(receiptId);
  });

  it('answers 401 SESSION_REQUIRED without a session, and after logout', async () => {
    const parent = await loggedInParent(app);
    const { receiptId } = await funnelReceipt(parent);
    for (const url of ['/v2/account/home', `/v2/account/receipts/${receiptId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
    await app.inject({ method: 'POST', url: '/v2/logout', headers: { cookie: parent.cookie } });
    expect((await get('/v2/account/home', parent.cookie)).statusCode).toBe(401);
  });

  it('gives a professional no family and no subscription', async () => {
    const pro = await insertUser(ctx.database.db, {
      kind: 'PROFESSIONAL',
      email: uniqueEmail('pro'),
      firstName: 'Paula',
      lastName: 'Ruiz',
    });
    const username = uniqueUsername('pro');
    await insertCredentials(
      ctx.database.db,
      {
        userId: pro.id,
        username,
        passwordHash: await hashSecret(normalizePassword(TEST_PASSWORD)),
      },
      clock,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const home = (await get('/v2/account/home', cookie)).json();
    expect(home).toMatchObject({
      user: { kind: 'PROFESSIONAL', firstName: 'Paula', username },
      family: null,
      subscription: null,
      receipts: [],
    });
  });
});
