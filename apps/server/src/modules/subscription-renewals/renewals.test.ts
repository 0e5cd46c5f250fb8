import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '../../adapters/payment/payment-gateway.js';
import { createSandboxGateway } from '../../adapters/payment/sandbox.js';
import type { App } from '../../app.js';
import {
  emailOutbox,
  familyMembers,
  orders,
  payments,
  receipts,
  sandboxPaymentMethods,
  sandboxTransactions,
  subscriptionChanges,
  subscriptions,
  users,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  loggedInParent,
  paymentRequest,
  postPayment,
  priceSignup,
  signupReadyToPay,
  TEST_PASSWORD,
  TEXAS_ADDRESS,
  uniqueUsername,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { insertSession } from '../account/repo.js';
import { createSubscriptionRenewals } from './renewals.js';

const DAY = 86_400_000;
const YEAR = 366 * DAY;
const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

describe.each(BACKENDS)('subscription renewals on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  // Each test starts its own years apart, so the orders of one are never due in another's
  // window by accident (a pass charges every order due, whoever made it).
  const START = Date.now();
  let clock = START;
  const now = () => new Date(clock);
  let era = 0;
  const newEra = () => {
    era += 1;
    clock = START + era * 4 * YEAR;
  };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;

  /** Parent A who paid (package 3003, Texas, a Visa vaulted), for the co-parent too if asked. */
  async function paidParent(options: { language?: string; payForCoParent?: boolean } = {}) {
    const { language = 'en', payForCoParent = false } = options;
    const signup = await signupReadyToPay(app);
    let body: Record<string, unknown>;
    if (payForCoParent) {
      const price = await priceSignup(app, signup, {
        address: TEXAS_ADDRESS,
        orderDetail: { packageId: 3003 },
        payForCoparent: true,
      });
      body = {
        order: { packageId: 3003 },
        payForCoparent: true,
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        promoCodes: null,
      };
    } else {
      body = await paymentRequest(app, signup);
    }
    const res = await postPayment(app, signup, body, { language });
    expect(res.statusCode, res.body).toBe(200);
    const { registration, clickToJoinToken } = res.json() as {
      registration: { parent: { userId: string; email: string } };
      clickToJoinToken: string;
    };
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.userId, registration.parent.userId));
    if (!order) throw new Error('no order');
    const subs = await subscriptionsOf(order.id);
    const [payment] = await db().select().from(payments).where(eq(payments.id, order.paymentId));
    return {
      ...registration.parent,
      order,
      token: payment?.paymentMethodToken ?? '',
      clickToJoinToken,
      subscriptionIds: subs.map((s) => s.id),
      dueAt: subs[0]?.renewsAt ?? new Date(0),
    };
  }
  type Paid = Awaited<ReturnType<typeof paidParent>>;

  const subscriptionsOf = (orderId: string) =>
    db().select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  const subscriptionsById = async (ids: string[]) =>
    (await db().select().from(subscriptions)).filter((s) => ids.includes(s.id));
  const mailsTo = (address: string, template: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)))
      .orderBy(asc(emailOutbox.createdAt));
  /** The orders bought by this parent, oldest first. */
  const ordersOf = (userId: string) =>
    db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  /** The gateway's sales for the renewal of `orderId` (our attempts' ids are its order ids). */
  async function renewalSales(orderId: string) {
    const attempts = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.renewedOrderId, orderId));
    const sales = await db().select().from(sandboxTransactions);
    return sales.filter((s) => attempts.some((a) => a.id === s.orderId));
  }
  const runAt = async (at: number) => {
    clock = at;
    return app.subscriptionRenewals.runOnce();
  };
  /** The order's payment's method on file (what the renewal charges). */
  const paymentMethodOf = async (paymentId: string) =>
    (await db().select().from(payments).where(eq(payments.id, paymentId)))[0];
  /** The parent sets their login with the payment's link (just after paying). */
  async function setLogin(clickToJoinToken: string) {
    const username = uniqueUsername();
    const set = await app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { authorization: `Bearer ${clickToJoinToken}` },
      payload: { username, password: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    return username;
  }
  /** The session cookie of a login at the clock's time. */
  async function logIn(username: string) {
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  }
  /** The co-parent Parent A paid for: their email and a login session of theirs. */
  async function coParentOf(parent: Paid) {
    const [member] = await db()
      .select({ userId: familyMembers.userId, email: users.email })
      .from(familyMembers)
      .innerJoin(users, eq(users.id, familyMembers.userId))
      .where(
        and(eq(familyMembers.familyId, parent.order.familyId), eq(familyMembers.role, 'CO_PARENT')),
      );
    if (!member?.userId || !member.email) throw new Error('no co-parent');
    const token = randomBytes(32).toString('base64url');
    await insertSession(
      db(),
      { userId: member.userId, tokenHash: hashToken(token), expiresAt: new Date(clock + DAY) },
      now(),
    );
    return { email: member.email, cookie: `cp_session=${token}` };
  }
  const subscriptionPage = async (cookie: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/account/subscription',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { subscription: Record<string, unknown> & { subscriptionId: string } })
      .subscription;
  };
  /** The card on file stops working (expired, removed): the vault no longer holds it. */
  const removeFromVault = (token: string) =>
    db().delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));

  it('charges the vaulted card once at the renewal date: new order, receipt, email, next date', async () => {
    newEra();
    const parent = await paidParent({ payForCoParent: true });
    expect(parent.subscriptionIds).toHaveLength(2);

    // The day before nothing is charged.
    await runAt(parent.dueAt.getTime() - DAY);
    expect(await ordersOf(parent.userId)).toHaveLength(1);

    await runAt(parent.dueAt.getTime() + 60_000);
    const [first, renewed, ...more] = await ordersOf(parent.userId);
    expect(more).toEqual([]);
    if (!first || !renewed) throw new Error('not renewed');
    // The checkout's price of the same order today, without codes: the same as the first here.
    expect(renewed).toMatchObject({
      signupId: null,
      packageId: first.packageId,
      payForCoParent: true,
      total: first.total,
      promoCodes: [],
      paymentCodes: [],
    });
    const sales = await renewalSales(first.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      orderId: renewed.paymentId,
      amount: first.total,
      paymentMethodToken: parent.token,
      status: 'submitted_for_settlement',
    });
    // Both subscriptions of the payment renew together, a year from the due date.
    const subs = await subscriptionsById(parent.subscriptionIds);
    const nextYear = new Date(parent.dueAt);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    for (const sub of subs) {
      expect(sub).toMatchObject({ orderId: renewed.id, autoRenew: true, renewsAt: nextYear });
    }
    // The receipt is numbered by the payment, as the checkout's; the payer gets it by email.
    const [receipt] = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, renewed.paymentId));
    expect(receipt).toMatchObject({
      orderId: renewed.id,
      userId: parent.userId,
      total: first.total,
    });
    const [mail, ...otherMails] = await mailsTo(parent.email, 'renewal-receipt');
    expect(otherMails).toEqual([]);
    expect(mail?.subject).toBe('Your subscription renewed: your receipt');
    expect(mail?.textBody).toContain('Your subscription renewed.');

    // Later passes of the same term charge nothing more.
    await runAt(parent.dueAt.getTime() + 2 * DAY);
    expect(await renewalSales(first.id)).toHaveLength(1);
    expect(await ordersOf(parent.userId)).toHaveLength(2);
  });

  it('retries a declined renewal, asks to update the card, and charges the new card', async () => {
    newEra();
    const parent = await paidParent({ language: 'es-MX' });
    const username = await setLogin(parent.clickToJoinToken);
    const due = parent.dueAt.getTime();
    await removeFromVault(parent.token);

    await runAt(due + 60_000);
    const [declined, ...others] = await mailsTo(parent.email, 'subscription-renewal-declined');
    expect(others).toEqual([]);
    expect(declined?.locale).toBe('es-MX');
    expect(declined?.subject).toBe(
      'No pudimos renovar tu suscripción a CoParent Hub: actualiza tu tarjeta',
    );
    expect(declined?.textBody).toContain('https://join.example.test/app/account/billing');
    expect(await ordersOf(parent.userId)).toHaveLength(1);
    const [waiting] = await subscriptionsById(parent.subscriptionIds);
    expect(waiting).toMatchObject({ autoRenew: true, renewsAt: parent.dueAt });

    // The same day again: no second try, no second email.
    await runAt(due + 6 * 60 * 60_000);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(1);

    // The first retry, a day after the due date, is declined too.
    await runAt(due + DAY + 60_000);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(2);

    // The payer follows the email to the billing page and puts a new card on file there (the
    // account's own route, logged in that day): the next retry charges it.
    clock = due + 2 * DAY;
    const cookie = await logIn(username);
    const updated = await app.inject({
      method: 'PUT',
      url: '/v2/account/payment-method',
      headers: { cookie },
      payload: { nonce: 'fake-valid-mastercard-nonce' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const newCard = await paymentMethodOf(parent.order.paymentId);
    expect(newCard).toMatchObject({ cardType: 'MasterCard' });
    expect(newCard?.paymentMethodToken).not.toBe(parent.token);

    await runAt(due + 3 * DAY + 60_000);
    const [, renewed] = await ordersOf(parent.userId);
    if (!renewed) throw new Error('not renewed');
    const charged = (await renewalSales(parent.order.id)).filter(
      (s) => s.status === 'submitted_for_settlement',
    );
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({
      cardType: 'MasterCard',
      paymentMethodToken: newCard?.paymentMethodToken,
    });
    // The new term runs from the due date (no gap, no proration), not from the retry's day.
    const nextYear = new Date(parent.dueAt);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    const [sub] = await subscriptionsById(parent.subscriptionIds);
    expect(sub).toMatchObject({ orderId: renewed.id, renewsAt: nextYear, autoRenew: true });
    const [receipt] = await mailsTo(parent.email, 'renewal-receipt');
    expect(receipt?.subject).toBe('Tu suscripción se renovó: tu recibo');
    expect(receipt?.textBody).toContain('MasterCard terminada en');
  });

  it('ends the subscription after the last declined retry, and says so', async () => {
    newEra();
    const parent = await paidParent({ payForCoParent: true });
    const due = parent.dueAt.getTime();
    await removeFromVault(parent.token);

    const coParent = await coParentOf(parent);
    for (const day of [0, 1, 3]) {
      await runAt(due + day * DAY + 60_000);
      expect(await mailsTo(parent.email, 'subscription-renewal-ended')).toEqual([]);
    }
    expect(await mailsTo(coParent.email, 'subscription-coparent-ended')).toEqual([]);
    const declines = await mailsTo(parent.email, 'subscription-renewal-declined');
    expect(declines).toHaveLength(3);
    expect(declines[2]?.textBody).toContain('If no payment goes through by');

    await runAt(due + 7 * DAY + 60_000);
    const [ended, ...more] = await mailsTo(parent.email, 'subscription-renewal-ended');
    expect(more).toEqual([]);
    expect(ended?.subject).toBe('Your CoParent Hub subscription has ended');
    expect(ended?.textBody).toContain('has ended too.');
    // The co-parent whose subscription the payer paid for is told it ended, once.
    const [coParentEnded, ...moreCoParent] = await mailsTo(
      coParent.email,
      'subscription-coparent-ended',
    );
    expect(moreCoParent).toEqual([]);
    const dueDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      parent.dueAt,
    );
    expect(coParentEnded?.textBody).toMatch(
      new RegExp(`which Ana López paid for, was not renewed, so it ended on ${dueDate}\\.`),
    );
    for (const sub of await subscriptionsById(parent.subscriptionIds)) {
      expect(sub).toMatchObject({
        autoRenew: false,
        renewsAt: parent.dueAt,
        orderId: parent.order.id,
      });
      const changes = await db()
        .select()
        .from(subscriptionChanges)
        .where(eq(subscriptionChanges.subscriptionId, sub.id));
      expect(changes).toEqual([
        expect.objectContaining({
          kind: 'ENDED',
          changedByUserId: null,
          reason: 'PAYMENT_METHOD_INVALID',
        }),
      ]);
    }
    // Nothing is tried or sent after the end.
    await runAt(due + 30 * DAY);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(3);
    expect(await mailsTo(parent.email, 'subscription-renewal-ended')).toHaveLength(1);
    expect(await ordersOf(parent.userId)).toHaveLength(1);
  });

  it('charges once when two instances renew at the same time', async () => {
    newEra();
    const locked = await paidParent();
    const unlocked = await paidParent();
    const other = await buildTestApp(ctx.database, { env: ENV, now });
    try {
      clock = locked.dueAt.getTime() + 60_000;
      // Under the advisory lock (the scheduled passes)...
      await Promise.all([app.subscriptionRenewals.runOnce(), other.subscriptionRenewals.runOnce()]);
      // ...and without it: the attempt's derived key and the one active payment per order.
      const passes = [app, other].map((instance) =>
        createSubscriptionRenewals({
          db: ctx.database.db,
          gateway: instance.paymentGateway,
          mailer: instance.mailer,
          pricing: instance.pricing,
          now,
          log: pino({ level: 'silent' }),
          publicUrl: 'https://join.example.test',
          lockSeconds: 120,
          metrics: instance.counters,
        }).runDue(),
      );
      await Promise.all(passes);
      for (const parent of [locked, unlocked] as Paid[]) {
        expect(await renewalSales(parent.order.id)).toHaveLength(1);
        expect(await ordersOf(parent.userId)).toHaveLength(2);
        expect(await mailsTo(parent.email, 'renewal-receipt')).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it('settles a charge whose answer was lost from the gateway, without charging again', async () => {
    newEra();
    const parent = await paidParent();
    const sandbox = createSandboxGateway({ db: ctx.database.db, now });
    let loseAnswers = true;
    const crashing = await buildTestApp(ctx.database, {
      env: ENV,
      now,
      paymentGateway: {
        ...sandbox,
        async chargeVaulted(input) {
          const result = await sandbox.chargeVaulted(input);
          // Charged, and the answer never reached us (a timeout, the process died).
          if (loseAnswers) throw new PaymentGatewayError('ETIMEDOUT');
          return result;
        },
      },
    });
    try {
      clock = parent.dueAt.getTime() + 60_000;
      await crashing.subscriptionRenewals.runOnce();
      // Charged at the gateway, unknown to us: no order yet, the attempt PENDING.
      expect(await renewalSales(parent.order.id)).toHaveLength(1);
      expect(await ordersOf(parent.userId)).toHaveLength(1);
      loseAnswers = false;
      // While the attempt is held, a pass neither charges again nor settles it...
      clock += 60_000;
      await crashing.subscriptionRenewals.runOnce();
      expect(await ordersOf(parent.userId)).toHaveLength(1);
      // ...once the hold has run out, the gateway's record completes it.
      clock += 5 * 60_000;
      await crashing.subscriptionRenewals.runOnce();
      expect(await renewalSales(parent.order.id)).toHaveLength(1);
      expect(await ordersOf(parent.userId)).toHaveLength(2);
      expect(await mailsTo(parent.email, 'renewal-receipt')).toHaveLength(1);
    } finally {
      await crashing.close();
    }
  });

  it('reminds once, 7 days before, with the date, the price and how to turn auto-renewal off', async () => {
    newEra();
    const parent = await paidParent();
    const due = parent.dueAt.getTime();
    await runAt(due - 8 * DAY);
    expect(await mailsTo(parent.email, 'subscription-renewal-reminder')).toEqual([]);

    await runAt(due - 7 * DAY + 60_000);
    const [reminder, ...more] = await mailsTo(parent.email, 'subscription-renewal-reminder');
    expect(more).toEqual([]);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      parent.dueAt,
    );
    expect(reminder?.subject).toBe(`Your CoParent Hub subscription renews on ${date}`);
    const total = (parent.order.total / 100).toFixed(2);
    expect(reminder?.textBody).toContain(`We will charge $${total} to Visa ending in`);
    expect(reminder?.textBody).toContain(
      `Turn off auto-renewal or cancel before ${date} on your subscription page: https://join.example.test/app/account/subscription`,
    );

    await runAt(due - 3 * DAY);
    await runAt(due - 60_000);
    expect(await mailsTo(parent.email, 'subscription-renewal-reminder')).toHaveLength(1);
  });

  it('neither reminds nor charges a subscription with auto-renewal off or canceled', async () => {
    newEra();
    const off = await loggedInParent(app);
    const canceled = await loggedInParent(app);
    const ids: Record<string, string> = {};
    for (const parent of [off, canceled]) {
      const own = await app.inject({
        method: 'GET',
        url: '/v2/account/subscription',
        headers: { cookie: parent.cookie },
      });
      ids[parent.userId] = (
        own.json() as { subscription: { subscriptionId: string } }
      ).subscription.subscriptionId;
    }
    const turnedOff = await app.inject({
      method: 'PUT',
      url: `/v2/account/subscriptions/${ids[off.userId]}/auto-renew`,
      headers: { cookie: off.cookie },
      payload: { autoRenew: false },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const cancel = await app.inject({
      method: 'POST',
      url: `/v2/account/subscriptions/${ids[canceled.userId]}/cancel`,
      headers: { cookie: canceled.cookie },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, ids[off.userId] ?? ''));
    const due = sub?.renewsAt.getTime() ?? 0;

    await runAt(due - 7 * DAY + 60_000);
    await runAt(due + 60_000);
    await runAt(due + 8 * DAY);
    for (const parent of [off, canceled]) {
      expect(await mailsTo(parent.email, 'subscription-renewal-reminder')).toEqual([]);
      expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toEqual([]);
      expect(await ordersOf(parent.userId)).toHaveLength(1);
    }
  });

  it('shows the payer a declined renewal being retried, and canceling then stops the tries', async () => {
    newEra();
    const parent = await paidParent({ payForCoParent: true });
    const username = await setLogin(parent.clickToJoinToken);
    const due = parent.dueAt.getTime();
    await removeFromVault(parent.token);
    await runAt(due + 60_000);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(1);

    clock = due + 2 * 60 * 60_000;
    const cookie = await logIn(username);
    const coParent = await coParentOf(parent);
    const retrying = await subscriptionPage(cookie);
    // The term's date has passed, yet the payer may still stop it: the next try is tomorrow.
    expect(retrying).toMatchObject({
      isCurrent: false,
      autoRenew: true,
      canChange: true,
      retrying: {
        nextAttemptAt: new Date(due + DAY).toISOString(),
        lastAttemptAt: new Date(due + 7 * DAY).toISOString(),
      },
    });
    // The co-parent reads it read-only, with nothing about the payer's card.
    expect(await subscriptionPage(coParent.cookie)).toMatchObject({
      canChange: false,
      retrying: null,
    });

    const canceled = await app.inject({
      method: 'POST',
      url: `/v2/account/subscriptions/${retrying.subscriptionId}/cancel`,
      headers: { cookie },
      payload: { reason: 'TOO_EXPENSIVE' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      subscription: { autoRenew: false, canChange: false, retrying: null, isCurrent: false },
    });
    const [mail, ...more] = await mailsTo(parent.email, 'subscription-canceled');
    expect(more).toEqual([]);
    expect(mail?.textBody).toContain('We will not try again, and nothing was charged.');
    expect(await mailsTo(coParent.email, 'subscription-coparent-ended')).toHaveLength(1);

    // No try after that: nothing charged, no decline or end email, the order not renewed.
    const salesBefore = (await renewalSales(parent.order.id)).length;
    for (const day of [1, 3, 7, 8]) await runAt(due + day * DAY + 60_000);
    expect(await renewalSales(parent.order.id)).toHaveLength(salesBefore);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(1);
    expect(await mailsTo(parent.email, 'subscription-renewal-ended')).toEqual([]);
    expect(await mailsTo(coParent.email, 'subscription-coparent-ended')).toHaveLength(1);
    expect(await ordersOf(parent.userId)).toHaveLength(1);
    const attempts = await db()
      .select()
      .from(payments)
      .where(eq(payments.renewedOrderId, parent.order.id));
    expect(attempts).toHaveLength(1);
    // It has ended: it can no longer be turned back on.
    const on = await app.inject({
      method: 'PUT',
      url: `/v2/account/subscriptions/${retrying.subscriptionId}/auto-renew`,
      headers: { cookie },
      payload: { autoRenew: true },
    });
    expect(on.statusCode).toBe(409);
  });

  it('turning auto-renewal off while retried stops the tries too', async () => {
    newEra();
    const parent = await paidParent({ language: 'es-MX' });
    const username = await setLogin(parent.clickToJoinToken);
    const due = parent.dueAt.getTime();
    await removeFromVault(parent.token);
    await runAt(due + 60_000);
    clock = due + DAY + 60_000 - 2 * 60 * 60_000;
    const cookie = await logIn(username);
    const { subscriptionId } = await subscriptionPage(cookie);
    const off = await app.inject({
      method: 'PUT',
      url: `/v2/account/subscriptions/${subscriptionId}/auto-renew`,
      headers: { cookie },
      payload: { autoRenew: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [mail] = await mailsTo(parent.email, 'subscription-auto-renew-off');
    expect(mail?.subject).toBe(
      'Tu suscripción a CoParent Hub terminó: no haremos más intentos de pago',
    );
    for (const day of [1, 3, 7]) await runAt(due + day * DAY + 60_000);
    const attempts = await db()
      .select()
      .from(payments)
      .where(eq(payments.renewedOrderId, parent.order.id));
    expect(attempts).toHaveLength(1);
    expect(await mailsTo(parent.email, 'subscription-renewal-declined')).toHaveLength(1);
    expect(await mailsTo(parent.email, 'subscription-renewal-ended')).toEqual([]);
  });

  it('renews on the plan chosen for the next term, at its price, from the renewal date', async () => {
    newEra();
    const parent = await paidParent({ payForCoParent: true });
    const username = await setLogin(parent.clickToJoinToken);
    const due = parent.dueAt.getTime();
    clock = due - 30 * DAY;
    const cookie = await logIn(username);
    const { subscriptionId } = await subscriptionPage(cookie);
    const offered = await app.inject({
      method: 'GET',
      url: `/v2/account/subscriptions/${subscriptionId}/plans`,
      headers: { cookie },
    });
    const premium2 = (
      offered.json() as { plans: { packageId: number; price: { total: number } }[] }
    ).plans.find((p) => p.packageId === 3004);
    if (!premium2) throw new Error('PREM2 not offered');
    const changed = await app.inject({
      method: 'PUT',
      url: `/v2/account/subscriptions/${subscriptionId}/plan`,
      headers: { cookie },
      payload: { packageId: 3004 },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The reminder announces the new plan's price.
    await runAt(due - 7 * DAY + 60_000);
    const [reminder] = await mailsTo(parent.email, 'subscription-renewal-reminder');
    expect(reminder?.textBody).toContain(`$${(premium2.price.total / 100).toFixed(2)}`);
    expect(reminder?.textBody).toContain('Premium · 2 years');

    // Nothing changes before the renewal date.
    const [before] = await subscriptionsById(parent.subscriptionIds);
    expect(before).toMatchObject({ packageId: 3003, years: 1, orderId: parent.order.id });

    await runAt(due + 60_000);
    const [first, renewed, ...more] = await ordersOf(parent.userId);
    expect(more).toEqual([]);
    if (!first || !renewed) throw new Error('not renewed');
    expect(renewed).toMatchObject({
      packageId: 3004,
      productId: 'SUB2YEAR',
      payForCoParent: true,
      total: premium2.price.total,
      nextPackageId: null,
    });
    const sales = await renewalSales(first.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amount: premium2.price.total });
    // Both subscriptions of the payment move to the new plan, two years from the due date.
    const twoYears = new Date(parent.dueAt);
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    for (const sub of await subscriptionsById(parent.subscriptionIds)) {
      expect(sub).toMatchObject({
        orderId: renewed.id,
        packageId: 3004,
        years: 2,
        renewsAt: twoYears,
        autoRenew: true,
      });
    }
    // The page shows the new plan, with no change waiting.
    clock = due + DAY;
    const after = await subscriptionPage(await logIn(username));
    expect(after).toMatchObject({ years: 2, pendingPlan: null, isCurrent: true });
  });
});
