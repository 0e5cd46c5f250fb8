import { randomBytes } from 'node:crypto';
import { enMessages, esMXMessages, SANDBOX_WALLET_NONCES } from '@coparent/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  emailOutbox,
  familyMembers,
  orders,
  paymentMethodChanges,
  payments,
  sandboxPaymentMethods,
  subscriptions,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  loggedInParent,
  logInPaidParent,
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
  RATE_LIMIT_TOKENIZE_PER_MINUTE: '10000',
  RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '10000',
};

const YEAR_MS = 366 * 86_400_000;
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const MASTERCARD = '5555 5555 5555 4444';
/** The sandbox's (and Braintree's) test card the processor declines. */
const DECLINED_CARD = '4000 1111 1111 1115';

type Refusal = { validationErrors: { field: string; text: string }[] };

describe.each(BACKENDS)('account payment method on %s', (backend) => {
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
  const put = (cookie: string | undefined, payload: object, language = 'en') =>
    app.inject({
      method: 'PUT',
      url: '/v2/account/payment-method',
      headers: headers(cookie, language),
      payload,
    });
  const clientToken = (cookie: string | undefined, language = 'en') =>
    app.inject({
      method: 'GET',
      url: '/v2/account/payment-method/client-token',
      headers: headers(cookie, language),
    });
  const billing = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/v2/account/billing', headers: { cookie } })).json()
      .paymentMethod;
  const subscriptionCard = async (cookie: string) =>
    (
      await app.inject({ method: 'GET', url: '/v2/account/subscription', headers: { cookie } })
    ).json().subscription.paymentMethod;

  /** The sandbox's card form, as the page's fields tokenise a card. */
  async function cardNonce(number: string, cvv = '123'): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/payment/sandbox/tokenize',
      payload: { number, expirationDate: `11/${NEXT_YEAR}`, cvv, postalCode: '73301' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { nonce: string }).nonce;
  }

  /** The payment row of the user's order (what the renewal charges: its token). */
  async function orderPayment(userId: string) {
    const [row] = await db()
      .select({
        token: payments.paymentMethodToken,
        paymentType: payments.paymentType,
        cardType: payments.cardType,
        lastFour: payments.cardLastFour,
      })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(eq(orders.userId, userId));
    if (!row) throw new Error('no order');
    return row;
  }

  const vaulted = async (token: string | null) =>
    token
      ? (
          await db()
            .select()
            .from(sandboxPaymentMethods)
            .where(eq(sandboxPaymentMethods.token, token))
        )[0]
      : undefined;

  /** The paid terms of the user's orders ran out yesterday. */
  async function endTermsOf(userId: string) {
    const own = await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    await db()
      .update(subscriptions)
      .set({ renewsAt: new Date(clock - 86_400_000), startsAt: new Date(clock - YEAR_MS) })
      .where(
        inArray(
          subscriptions.orderId,
          own.map((o) => o.id),
        ),
      );
  }

  const mailsTo = (address: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'payment-method-updated')),
      );

  it('publishes both calls with each answer, and refuses them without a session', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    const update = doc.paths['/v2/account/payment-method']?.put;
    expect(update?.tags).toEqual(['account']);
    expect(Object.keys(update?.responses ?? {}).sort()).toEqual([
      '200',
      '401',
      '409',
      '422',
      '429',
      '503',
    ]);
    expect(doc.paths['/v2/account/payment-method/client-token']?.get).toBeDefined();
    for (const res of [await clientToken(undefined), await put(undefined, { nonce: 'x' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    }
  });

  it('gives the payer a client token for the payment fields', async () => {
    const parent = await loggedInParent(app);
    const res = await clientToken(parent.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ provider: 'sandbox', merchantCurrency: 'USD' });
  });

  it('puts the new card on file: billing, subscription and the renewal’s token; the old one is removed; an email says so', async () => {
    const parent = await loggedInParent(app);
    const before = await orderPayment(parent.userId);
    expect(before).toMatchObject({ cardType: 'Visa', lastFour: '1881' });
    expect(await vaulted(before.token)).toBeDefined();

    const nonce = await cardNonce(MASTERCARD);
    const res = await put(parent.cookie, { nonce });
    expect(res.statusCode, res.body).toBe(200);
    const card = { paymentType: 'CREDIT_CARD', cardType: 'MasterCard', lastFour: '4444' };
    expect(res.json()).toEqual({ paymentMethod: card });

    expect(await billing(parent.cookie)).toEqual(card);
    expect(await subscriptionCard(parent.cookie)).toEqual(card);
    const after = await orderPayment(parent.userId);
    expect(after).toMatchObject({
      paymentType: 'CREDIT_CARD',
      cardType: 'MasterCard',
      lastFour: '4444',
    });
    expect(after.token).not.toBe(before.token);
    expect(await vaulted(after.token)).toMatchObject({ lastFour: '4444', isDefault: true });
    expect(await vaulted(before.token)).toBeUndefined();

    const [mail, ...more] = await mailsTo(parent.email);
    expect(more).toEqual([]);
    expect(mail?.textBody).toContain('is now MasterCard ending in 4444.');
    expect(mail?.textBody).toContain('https://join.example.test/app/account/billing');
    expect(mail?.textBody).not.toContain(after.token ?? '-');
    expect(res.body).not.toContain(after.token ?? '-');

    // The same nonce again (a retry after a lost answer) answers the change, and changes nothing.
    const again = await put(parent.cookie, { nonce });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ paymentMethod: card });
    expect((await orderPayment(parent.userId)).token).toBe(after.token);
    expect(await mailsTo(parent.email)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(paymentMethodChanges)
        .where(eq(paymentMethodChanges.userId, parent.userId)),
    ).toHaveLength(1);
  });

  it.each([
    ['en', enMessages],
    ['es-MX', esMXMessages],
  ] as const)(
    'refuses a card the verification declines in %s; nothing changes',
    async (language, messages) => {
      const parent = await loggedInParent(app);
      const before = await orderPayment(parent.userId);
      const declined = await put(
        parent.cookie,
        { nonce: await cardNonce(DECLINED_CARD) },
        language,
      );
      expect(declined.statusCode, declined.body).toBe(422);
      expect((declined.json() as Refusal).validationErrors).toEqual([
        { field: 'nonce', text: messages.payment_declined_error, type: 'ERROR' },
      ]);
      // A security code the check does not match is refused at the same field, with its reason.
      const cvv = await put(parent.cookie, { nonce: await cardNonce(MASTERCARD, '200') }, language);
      expect(cvv.statusCode).toBe(422);
      expect((cvv.json() as Refusal).validationErrors[0]?.text).toBe(
        messages.payment_cvvDeclined_error,
      );
      expect(await orderPayment(parent.userId)).toEqual(before);
      expect(await vaulted(before.token)).toBeDefined();
      expect(await billing(parent.cookie)).toMatchObject({ cardType: 'Visa', lastFour: '1881' });
      expect(await mailsTo(parent.email)).toEqual([]);
    },
  );

  it('refuses a missing or empty nonce with a field error, never a 500', async () => {
    const parent = await loggedInParent(app);
    for (const body of [{}, { nonce: '' }, { nonce: 12 }]) {
      const res = await put(parent.cookie, body);
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as Refusal).validationErrors).toEqual([
        expect.objectContaining({ field: 'nonce', text: enMessages.payment_nonce_error }),
      ]);
    }
  });

  it('puts a wallet on file: its payment type on the orders’ payments, the email names it', async () => {
    const parent = await loggedInParent(app);
    const before = await orderPayment(parent.userId);
    const paypal = { paymentType: 'PAYPAL', cardType: null, lastFour: null };
    const res = await put(parent.cookie, { nonce: SANDBOX_WALLET_NONCES.PAYPAL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ paymentMethod: paypal });
    const after = await orderPayment(parent.userId);
    expect(after).toMatchObject(paypal);
    expect(after.token).not.toBe(before.token);
    expect(await vaulted(after.token)).toMatchObject({
      paymentInstrumentType: 'PAYPAL',
      isDefault: true,
    });
    expect(await billing(parent.cookie)).toEqual(paypal);
    expect(await subscriptionCard(parent.cookie)).toEqual(paypal);
    const [mail] = await mailsTo(parent.email);
    expect(mail?.subject).toContain('Your payment method on file');
    expect(mail?.textBody).toContain('is now PayPal.');

    // Another payer choosing PayPal in the sandbox (the same test nonce) changes theirs too.
    const other = await loggedInParent(app);
    const venmo = await put(other.cookie, { nonce: SANDBOX_WALLET_NONCES.VENMO });
    expect(venmo.statusCode, venmo.body).toBe(200);
    const again = await put(other.cookie, { nonce: SANDBOX_WALLET_NONCES.PAYPAL });
    expect(again.statusCode, again.body).toBe(200);
    expect(await orderPayment(other.userId)).toMatchObject(paypal);
    // Back to a card, then PayPal once more: a new change, not the answer of the first one.
    expect((await put(parent.cookie, { nonce: await cardNonce(MASTERCARD) })).statusCode).toBe(200);
    expect((await put(parent.cookie, { nonce: SANDBOX_WALLET_NONCES.PAYPAL })).statusCode).toBe(
      200,
    );
    expect(await orderPayment(parent.userId)).toMatchObject(paypal);
    expect(await mailsTo(parent.email)).toHaveLength(3);
  });

  it('changes only the session user’s own card, never another user’s', async () => {
    const owner = await loggedInParent(app);
    const other = await loggedInParent(app);
    const ownerBefore = await orderPayment(owner.userId);
    const res = await put(other.cookie, { nonce: await cardNonce(MASTERCARD) });
    expect(res.statusCode).toBe(200);
    expect(await orderPayment(owner.userId)).toEqual(ownerBefore);
    expect(await orderPayment(other.userId)).toMatchObject({ lastFour: '4444' });
    // A nonce another user already used is not theirs to replay.
    const nonce = await cardNonce(MASTERCARD);
    expect((await put(other.cookie, { nonce })).statusCode).toBe(200);
    const replay = await put(owner.cookie, { nonce });
    expect(replay.statusCode).toBe(422);
    expect(await orderPayment(owner.userId)).toEqual(ownerBefore);
  });

  it.each([
    ['en', enMessages],
    ['es-MX', esMXMessages],
  ] as const)(
    'refuses the co-parent whose subscription Parent A pays for (409, %s)',
    async (language, messages) => {
      const signup = await signupReadyToPay(app);
      const price = await priceSignup(app, signup, {
        address: TEXAS_ADDRESS,
        orderDetail: { packageId: 3003 },
        payForCoparent: true,
      });
      const paid = await postPayment(app, signup, {
        order: { packageId: 3003 },
        payForCoparent: true,
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        promoCodes: null,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const parent = await logInPaidParent(app, signup, paid.json());
      const [coParent] = await db()
        .select({ userId: familyMembers.userId })
        .from(familyMembers)
        .innerJoin(orders, eq(orders.familyId, familyMembers.familyId))
        .where(and(eq(orders.userId, parent.userId), eq(familyMembers.role, 'CO_PARENT')));
      const token = randomBytes(32).toString('base64url');
      await insertSession(
        db(),
        {
          userId: coParent?.userId ?? '',
          tokenHash: hashToken(token),
          expiresAt: new Date(clock + 86_400_000),
        },
        new Date(clock),
      );
      const cookie = `cp_session=${token}`;
      const before = await orderPayment(parent.userId);
      const text = messages.paymentMethod_notPayer_error.replaceAll('{{name}}', 'Ana López');
      for (const res of [
        await clientToken(cookie, language),
        await put(cookie, { nonce: await cardNonce(MASTERCARD) }, language),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect((res.json() as Refusal).validationErrors).toEqual([
          { field: 'form', text, type: 'ERROR' },
        ]);
      }
      expect(await orderPayment(parent.userId)).toEqual(before);
    },
  );

  it('refuses a professional’s covered subscription, and a user with none that renews (409)', async () => {
    const parent = await loggedInParent(app);
    const professional = await loggedInParent(app);
    // The parent's paid term is over; a professional covers them now.
    await endTermsOf(parent.userId);
    await insertCoveredSubscription(db(), {
      userId: parent.userId,
      professionalId: professional.userId,
      packageId: 3003,
      years: 1,
      startsAt: new Date(clock + 1000),
      renewsAt: new Date(clock + YEAR_MS),
    });
    const covered = await put(parent.cookie, { nonce: await cardNonce(MASTERCARD) });
    expect(covered.statusCode, covered.body).toBe(409);
    expect((covered.json() as Refusal).validationErrors[0]?.text).toMatch(
      /^Your professional \(.+\) covers your subscription, so there is no card of yours to update\.$/,
    );

    const ended = await loggedInParent(app);
    await endTermsOf(ended.userId);
    const none = await put(ended.cookie, { nonce: await cardNonce(MASTERCARD) });
    expect(none.statusCode).toBe(409);
    expect((none.json() as Refusal).validationErrors[0]?.text).toBe(
      enMessages.paymentMethod_noSubscription_error,
    );
    expect(await orderPayment(ended.userId)).toMatchObject({ lastFour: '1881' });
  });
});
