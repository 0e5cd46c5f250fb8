import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  emailOutbox,
  familyMembers,
  orders,
  subscriptionChanges,
  subscriptions,
  users,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  type LoggedInParent,
  loggedInParent,
  logInPaidParent,
  paymentRequest,
  postPayment,
  priceSignup,
  signupReadyToPay,
  TEXAS_ADDRESS,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { insertSession } from '../account/repo.js';
import { insertCoveredSubscription } from '../accounts/repo.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

const YEAR_MS = 366 * 86_400_000;

type Detail = {
  subscriptionId: string;
  packageName: string;
  years: number;
  renewsAt: string;
  autoRenew: boolean;
  canceledAt: string | null;
  isCurrent: boolean;
  paidBy: { payer: string; firstName: string; lastName: string };
  canChange: boolean;
  renewalPrice: { totalFormatted: string; total: number } | null;
  paymentMethod: { paymentType: string; cardType: string | null; lastFour: string | null } | null;
  alsoRenews: { firstName: string; lastName: string }[];
};

describe.each(BACKENDS)('account subscription on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  const clock = Date.now();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;
  const headers = (cookie: string | undefined, language = 'en') => ({
    ...(cookie ? { cookie } : {}),
    language,
  });
  const getOwn = (cookie?: string, language = 'en') =>
    app.inject({
      method: 'GET',
      url: '/v2/account/subscription',
      headers: headers(cookie, language),
    });
  const setAutoRenew = (
    cookie: string | undefined,
    id: string,
    autoRenew: unknown,
    language = 'en',
  ) =>
    app.inject({
      method: 'PUT',
      url: `/v2/account/subscriptions/${id}/auto-renew`,
      headers: headers(cookie, language),
      payload: { autoRenew },
    });
  const cancel = (cookie: string | undefined, id: string, payload: object = {}, language = 'en') =>
    app.inject({
      method: 'POST',
      url: `/v2/account/subscriptions/${id}/cancel`,
      headers: headers(cookie, language),
      payload,
    });

  async function own(cookie: string, language = 'en'): Promise<Detail> {
    const res = await getOwn(cookie, language);
    expect(res.statusCode, res.body).toBe(200);
    const { subscription } = res.json() as { subscription: Detail | null };
    if (!subscription) throw new Error('no subscription');
    return subscription;
  }

  const mailsTo = (address: string, template: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));

  const changesOf = (subscriptionId: string) =>
    db()
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.subscriptionId, subscriptionId))
      .orderBy(asc(subscriptionChanges.createdAt));

  const formText = (body: string) =>
    (JSON.parse(body) as { validationErrors: { field: string; text: string }[] }).validationErrors;

  /** Parent A who paid for the co-parent too, logged in; and a session of the co-parent's. */
  async function parentPayingForCoParent(language = 'en') {
    const signup = await signupReadyToPay(app);
    const price = await priceSignup(app, signup, {
      address: TEXAS_ADDRESS,
      orderDetail: { packageId: 3003 },
      payForCoparent: true,
    });
    const body = {
      order: { packageId: 3003 },
      payForCoparent: true,
      payment: {
        amountDisplayed: price.totals.total,
        taxAmountDisplayed: price.totals.taxAmount,
        nonce: 'fake-valid-nonce',
      },
      promoCodes: null,
    };
    const res = await postPayment(app, signup, body, { language });
    expect(res.statusCode, res.body).toBe(200);
    const parent = await logInPaidParent(app, signup, res.json());
    const [coParent] = await db()
      .select({ userId: familyMembers.userId })
      .from(familyMembers)
      .innerJoin(orders, eq(orders.familyId, familyMembers.familyId))
      .where(and(eq(orders.userId, parent.userId), eq(familyMembers.role, 'CO_PARENT')));
    const coParentUserId = coParent?.userId ?? '';
    // The co-parent's own login session (their credentials come through the invitation).
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock + 86_400_000);
    await insertSession(
      db(),
      { userId: coParentUserId, tokenHash: hashToken(token), expiresAt },
      new Date(clock),
    );
    const [coParentUser] = await db().select().from(users).where(eq(users.id, coParentUserId));
    return {
      parent,
      coParentCookie: `cp_session=${token}`,
      coParentEmail: coParentUser?.email ?? '',
    };
  }

  it('publishes the calls in the contract with each 4xx answer', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    const read = doc.paths['/v2/account/subscription']?.get;
    expect(read?.tags).toEqual(['account']);
    expect(Object.keys(read?.responses ?? {})).toEqual(['200', '401']);
    for (const [path, method] of [
      ['/v2/account/subscriptions/{subscriptionId}/auto-renew', 'put'],
      ['/v2/account/subscriptions/{subscriptionId}/cancel', 'post'],
    ] as const) {
      const call = doc.paths[path]?.[method];
      expect(call?.tags).toEqual(['account']);
      expect(Object.keys(call?.responses ?? {}).sort()).toEqual([
        '200',
        '401',
        '404',
        '409',
        '422',
      ]);
    }
  });

  it('answers 401 SESSION_REQUIRED without a session, for reading and for each change', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await getOwn(),
      await setAutoRenew(undefined, id, false),
      await cancel(undefined, id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
  });

  it('shows the payer the renewal: date, the checkout’s price, the card and auto-renewal', async () => {
    const parent = await loggedInParent(app);
    const body = (await paymentRequest(app, parent.signup)) as {
      payment: { amountDisplayed: number };
    };
    const detail = await own(parent.cookie);
    expect(detail).toMatchObject({
      packageName: expect.any(String),
      years: 1,
      autoRenew: true,
      canceledAt: null,
      isCurrent: true,
      paidBy: { payer: 'YOU' },
      canChange: true,
      paymentMethod: { paymentType: 'CREDIT_CARD', lastFour: expect.any(String) },
      alsoRenews: [],
    });
    // Priced as the checkout prices the same order today (Texas, package 3003).
    expect(detail.renewalPrice?.total).toBe(body.payment.amountDisplayed);
    expect(new Date(detail.renewsAt).getTime()).toBeGreaterThan(clock);
  });

  it('turns auto-renewal off once, with one email, and records who and when', async () => {
    const parent = await loggedInParent(app);
    const { subscriptionId } = await own(parent.cookie);

    const off = await setAutoRenew(parent.cookie, subscriptionId, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      subscription: { autoRenew: false, canceledAt: null, canChange: true },
    });
    // Twice is fine: the same answer, nothing more written or sent.
    const again = await setAutoRenew(parent.cookie, subscriptionId, false);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ subscription: { autoRenew: false } });

    const mails = await mailsTo(parent.email, 'subscription-auto-renew-off');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Auto-renewal is off: your subscription ends on /);
    expect(mails[0]?.textBody).toContain('Nothing more will be charged.');
    expect(mails[0]?.textBody).toContain('https://join.example.test/app/account/subscription');
    const changes = await changesOf(subscriptionId);
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'AUTO_RENEW_OFF', changedByUserId: parent.userId }),
    ]);
  });

  it('turns auto-renewal back on before the end date, in the payer’s language', async () => {
    const parent = await loggedInParent(app, 'es-MX');
    const { subscriptionId } = await own(parent.cookie);
    expect((await cancel(parent.cookie, subscriptionId, {}, 'es-MX')).statusCode).toBe(200);

    const on = await setAutoRenew(parent.cookie, subscriptionId, true, 'es-MX');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ subscription: { autoRenew: true, canceledAt: null } });
    const [mail] = await mailsTo(parent.email, 'subscription-auto-renew-on');
    expect(mail?.subject).toBe(
      'La renovación automática de tu suscripción a CoParent Hub está activada',
    );
    expect(mail?.textBody).toContain('Volviste a activar la renovación automática.');
    expect(mail?.textBody).toMatch(/Cobraremos \$[\d.,]+ a tu Visa terminada en \d{4}/);
    expect((await changesOf(subscriptionId)).map((c) => c.kind)).toEqual([
      'CANCELED',
      'AUTO_RENEW_ON',
    ]);
  });

  it('cancels with the optional reason: no renewal, access until the end, an email saying so', async () => {
    const parent = await loggedInParent(app);
    const { subscriptionId, renewsAt } = await own(parent.cookie);

    const res = await cancel(parent.cookie, subscriptionId, { reason: 'TOO_EXPENSIVE' });
    expect(res.statusCode, res.body).toBe(200);
    const { subscription } = res.json() as { subscription: Detail };
    expect(subscription).toMatchObject({ autoRenew: false, renewsAt, isCurrent: true });
    expect(subscription.canceledAt).toBe(new Date(clock).toISOString());
    expect((await cancel(parent.cookie, subscriptionId)).statusCode).toBe(200);

    const mails = await mailsTo(parent.email, 'subscription-canceled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('You canceled your');
    expect(mails[0]?.textBody).toContain('The term already paid is not refunded.');
    const changes = await changesOf(subscriptionId);
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'CANCELED', reason: 'TOO_EXPENSIVE' }),
    ]);
  });

  it('answers 422 for a body the schema refuses, and changes nothing', async () => {
    const parent = await loggedInParent(app);
    const { subscriptionId } = await own(parent.cookie);
    expect((await setAutoRenew(parent.cookie, subscriptionId, 'no')).statusCode).toBe(422);
    expect((await cancel(parent.cookie, subscriptionId, { reason: 'BORED' })).statusCode).toBe(422);
    expect(await own(parent.cookie)).toMatchObject({ autoRenew: true, canceledAt: null });
  });

  it('never changes another user’s subscription: 404 as for an unknown or malformed id', async () => {
    const owner = await loggedInParent(app);
    const other: LoggedInParent = await loggedInParent(app);
    const { subscriptionId } = await own(owner.cookie);
    for (const id of [subscriptionId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const off = await setAutoRenew(other.cookie, id, false);
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
      expect((await cancel(other.cookie, id)).statusCode).toBe(404);
    }
    expect(await own(owner.cookie)).toMatchObject({ autoRenew: true });
  });

  it('lets Parent A stop both subscriptions they pay for; the co-parent sees it read-only', async () => {
    const { parent, coParentCookie, coParentEmail } = await parentPayingForCoParent();
    const mine = await own(parent.cookie);
    expect(mine.alsoRenews).toEqual([{ firstName: 'Bruno', lastName: 'López' }]);

    const theirs = await own(coParentCookie);
    expect(theirs).toMatchObject({
      paidBy: { payer: 'CO_PARENT', firstName: 'Ana', lastName: 'López' },
      canChange: false,
      renewalPrice: null,
      paymentMethod: null,
    });
    const refused = await setAutoRenew(coParentCookie, theirs.subscriptionId, false);
    expect(refused.statusCode).toBe(409);
    expect(formText(refused.body)).toEqual([
      expect.objectContaining({
        field: 'form',
        text: 'Ana López pays for this subscription, so only Ana López can change its renewal or cancel it.',
      }),
    ]);

    // Parent A cancels: the co-parent's paid term runs to its end and is not renewed either.
    expect((await cancel(parent.cookie, mine.subscriptionId)).statusCode).toBe(200);
    expect(await own(coParentCookie)).toMatchObject({ autoRenew: false, isCurrent: true });
    const [mail] = await mailsTo(parent.email, 'subscription-canceled');
    expect(mail?.textBody).toContain(
      "You also paid for Bruno López's subscription: it is not renewed either",
    );
    expect(await changesOf(theirs.subscriptionId)).toEqual([
      expect.objectContaining({ kind: 'CANCELED', changedByUserId: parent.userId }),
    ]);
    // The co-parent is told their access ends with the paid term, once; and when it renews again.
    const ends = await mailsTo(coParentEmail, 'subscription-coparent-ends');
    expect(ends).toHaveLength(1);
    expect(ends[0]?.textBody).toMatch(
      /Ana López, who pays for your Premium.* subscription, stopped its renewal\. You keep access until /,
    );
    expect((await setAutoRenew(parent.cookie, mine.subscriptionId, false)).statusCode).toBe(200);
    expect(await mailsTo(coParentEmail, 'subscription-coparent-ends')).toHaveLength(1);
    expect((await setAutoRenew(parent.cookie, mine.subscriptionId, true)).statusCode).toBe(200);
    expect(await mailsTo(coParentEmail, 'subscription-coparent-renews')).toHaveLength(1);
  });

  it('leaves a professional’s covered subscription to the professional: read-only, 409', async () => {
    const parent = await loggedInParent(app);
    const professional = await loggedInParent(app);
    await insertCoveredSubscription(db(), {
      userId: parent.userId,
      professionalId: professional.userId,
      packageId: 3003,
      years: 1,
      startsAt: new Date(clock + 1000),
      renewsAt: new Date(clock + YEAR_MS),
    });
    const covered = await own(parent.cookie);
    expect(covered).toMatchObject({
      paidBy: { payer: 'PROFESSIONAL' },
      autoRenew: false,
      canChange: false,
      renewalPrice: null,
    });
    const res = await cancel(parent.cookie, covered.subscriptionId);
    expect(res.statusCode).toBe(409);
    expect(formText(res.body)[0]?.text).toMatch(/covers this subscription, so it is theirs/);
    expect(await changesOf(covered.subscriptionId)).toEqual([]);
  });

  it('cannot be turned on after the end date: 409 with the date it ended', async () => {
    const parent = await loggedInParent(app);
    const { subscriptionId } = await own(parent.cookie);
    expect((await setAutoRenew(parent.cookie, subscriptionId, false)).statusCode).toBe(200);
    // The term ran out (the session is younger than that): it ended yesterday.
    await db()
      .update(subscriptions)
      .set({ renewsAt: new Date(clock - 86_400_000), startsAt: new Date(clock - YEAR_MS) })
      .where(eq(subscriptions.id, subscriptionId));
    const ended = await own(parent.cookie);
    expect(ended).toMatchObject({ isCurrent: false, canChange: false, autoRenew: false });
    const on = await setAutoRenew(parent.cookie, subscriptionId, true);
    expect(on.statusCode).toBe(409);
    expect(formText(on.body)[0]?.text).toMatch(
      /^This subscription ended on .+, so it can no longer renew\./,
    );
    expect((await cancel(parent.cookie, subscriptionId)).statusCode).toBe(409);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row?.autoRenew).toBe(false);
    expect(await mailsTo(parent.email, 'subscription-auto-renew-on')).toHaveLength(0);
  });

  describe('changing the plan at renewal', () => {
    type Plan = {
      packageId: number;
      packageName: string;
      years: number;
      price: { total: number; totalFormatted: string };
    };
    const plans = (cookie: string, id: string, language = 'en') =>
      app.inject({
        method: 'GET',
        url: `/v2/account/subscriptions/${id}/plans`,
        headers: headers(cookie, language),
      });
    const setPlan = (cookie: string, id: string, payload: unknown, language = 'en') =>
      app.inject({
        method: 'PUT',
        url: `/v2/account/subscriptions/${id}/plan`,
        headers: headers(cookie, language),
        payload: payload as object,
      });
    const undoPlan = (cookie: string, id: string) =>
      app.inject({
        method: 'DELETE',
        url: `/v2/account/subscriptions/${id}/plan`,
        headers: headers(cookie),
      });

    it('offers the catalog’s plans for the payer’s country, each priced as the checkout prices it', async () => {
      const parent = await loggedInParent(app);
      const { subscriptionId } = await own(parent.cookie);
      const res = await plans(parent.cookie, subscriptionId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { currentPackageId: number; plans: Plan[] };
      expect(body.currentPackageId).toBe(3003);
      // Texas: the US packages (build-your-own is chosen in the checkout, not here).
      expect(body.plans.map((p) => p.packageId)).toEqual([3001, 3002, 3003, 3004]);
      // Each is the checkout's price of that package for the payer's country and tax.
      for (const plan of body.plans) {
        const signup = await signupReadyToPay(app);
        const quoted = await priceSignup(app, signup, {
          address: TEXAS_ADDRESS,
          orderDetail: { packageId: plan.packageId },
        });
        expect(plan.price.total).toBe(quoted.totals.total);
      }
      expect(body.plans.find((p) => p.packageId === 3004)).toMatchObject({ years: 2 });
    });

    it('changes the plan from the renewal date, emails it, and can change again or undo it', async () => {
      const parent = await loggedInParent(app);
      const { subscriptionId, renewsAt, renewalPrice } = await own(parent.cookie);
      const offered = (await plans(parent.cookie, subscriptionId)).json() as { plans: Plan[] };
      const premium2 = offered.plans.find((p) => p.packageId === 3004);
      const essentials = offered.plans.find((p) => p.packageId === 3001);

      const changed = await setPlan(parent.cookie, subscriptionId, { packageId: 3004 });
      expect(changed.statusCode, changed.body).toBe(200);
      const { subscription } = changed.json() as {
        subscription: Detail & { pendingPlan: Record<string, unknown> | null };
      };
      // Nothing changes before the renewal date: the package and term now stay as they were.
      expect(subscription).toMatchObject({ years: 1, renewsAt, autoRenew: true });
      expect(subscription.pendingPlan).toEqual({
        packageId: 3004,
        packageName: premium2?.packageName,
        years: 2,
        price: expect.objectContaining({ total: premium2?.price.total }),
        effectiveAt: renewsAt,
      });
      // The renewal now charges the new plan's price.
      expect(subscription.renewalPrice?.total).toBe(premium2?.price.total);
      expect(subscription.renewalPrice?.total).not.toBe(renewalPrice?.total);
      // The same again changes and sends nothing.
      expect((await setPlan(parent.cookie, subscriptionId, { packageId: 3004 })).statusCode).toBe(
        200,
      );

      const mails = await mailsTo(parent.email, 'subscription-plan-changed');
      expect(mails).toHaveLength(1);
      const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(renewsAt),
      );
      expect(mails[0]?.subject).toBe(`Your CoParent Hub plan changes on ${date}`);
      expect(mails[0]?.textBody).toContain(
        `Until ${date} you keep Premium · 1 year, 1 year; from ${date} your subscription is Premium · 2 years, 2 years.`,
      );
      expect(mails[0]?.textBody).toContain('nothing is prorated');
      expect(mails[0]?.textBody).toContain(
        `We will charge ${premium2?.price.totalFormatted} to Visa ending in`,
      );

      // Changed again, then undone.
      const again = await setPlan(parent.cookie, subscriptionId, { packageId: 3001 });
      expect(again.json()).toMatchObject({ subscription: { pendingPlan: { packageId: 3001 } } });
      expect(essentials).toBeDefined();
      const undone = await undoPlan(parent.cookie, subscriptionId);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({
        subscription: { pendingPlan: null, renewalPrice: { total: renewalPrice?.total } },
      });
      expect((await undoPlan(parent.cookie, subscriptionId)).statusCode).toBe(200);
      expect(await mailsTo(parent.email, 'subscription-plan-changed')).toHaveLength(2);
      expect(await mailsTo(parent.email, 'subscription-plan-change-undone')).toHaveLength(1);
      expect((await changesOf(subscriptionId)).map((c) => [c.kind, c.reason])).toEqual([
        ['PLAN_CHANGED', '3004'],
        ['PLAN_CHANGED', '3001'],
        ['PLAN_CHANGE_UNDONE', null],
      ]);
    });

    it('writes the email in the payer’s language', async () => {
      const parent = await loggedInParent(app, 'es-MX');
      const { subscriptionId } = await own(parent.cookie, 'es-MX');
      const res = await setPlan(parent.cookie, subscriptionId, { packageId: 3004 }, 'es-MX');
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailsTo(parent.email, 'subscription-plan-changed');
      expect(mail?.locale).toBe('es-MX');
      expect(mail?.subject).toMatch(/^Tu plan de CoParent Hub cambia el /);
      expect(mail?.textBody).toContain('no se prorratea nada');
    });

    it('answers 422 at packageId for a package the catalog does not offer, and changes nothing', async () => {
      const parent = await loggedInParent(app);
      const { subscriptionId } = await own(parent.cookie);
      // Unknown, build-your-own (chosen in the checkout), another country's, or not a number.
      for (const packageId of [999_999, 3005, 2063, 'PREM2', -1]) {
        const res = await setPlan(parent.cookie, subscriptionId, { packageId });
        expect(res.statusCode, `${packageId}: ${res.body}`).toBe(422);
        expect(formText(res.body)).toEqual([
          expect.objectContaining({ field: 'packageId', text: 'Choose one of the plans offered.' }),
        ]);
      }
      expect(await own(parent.cookie)).toMatchObject({ pendingPlan: null });
      expect(await changesOf(subscriptionId)).toEqual([]);
      expect(await mailsTo(parent.email, 'subscription-plan-changed')).toEqual([]);
    });

    it('lets only the buyer change it: 409 for the co-parent and a professional’s family', async () => {
      const { parent, coParentCookie } = await parentPayingForCoParent();
      const theirs = await own(coParentCookie);
      for (const res of [
        await plans(coParentCookie, theirs.subscriptionId),
        await setPlan(coParentCookie, theirs.subscriptionId, { packageId: 3004 }),
        await undoPlan(coParentCookie, theirs.subscriptionId),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(formText(res.body)[0]?.text).toMatch(/^Ana López pays for this subscription/);
      }
      // A 409 comes before the body is judged.
      expect(
        (await setPlan(coParentCookie, theirs.subscriptionId, { packageId: 999_999 })).statusCode,
      ).toBe(409);
      // The payer's change covers the co-parent's subscription too.
      const mine = await own(parent.cookie);
      expect(
        (await setPlan(parent.cookie, mine.subscriptionId, { packageId: 3004 })).statusCode,
      ).toBe(200);
      expect((await changesOf(theirs.subscriptionId)).map((c) => c.kind)).toEqual(['PLAN_CHANGED']);
      expect(await own(coParentCookie)).toMatchObject({ pendingPlan: null, canChange: false });

      const covered = await loggedInParent(app);
      const professional = await loggedInParent(app);
      await insertCoveredSubscription(db(), {
        userId: covered.userId,
        professionalId: professional.userId,
        packageId: 3003,
        years: 1,
        startsAt: new Date(clock + 1000),
        renewsAt: new Date(clock + YEAR_MS),
      });
      const coveredSub = await own(covered.cookie);
      const refused = await setPlan(covered.cookie, coveredSub.subscriptionId, { packageId: 3004 });
      expect(refused.statusCode).toBe(409);
      expect(formText(refused.body)[0]?.text).toMatch(/covers this subscription/);
    });
  });
});
