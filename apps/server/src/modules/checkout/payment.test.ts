import { randomUUID } from 'node:crypto';
import {
  DUPLICATE_PARENT_FIELD,
  decodeGaPayload,
  enMessages,
  esMXMessages,
  PaymentResponseSchema,
} from '@coparent/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../adapters/payment/payment-gateway.js';
import { PaymentGatewayError } from '../../adapters/payment/payment-gateway.js';
import { createSandboxGateway } from '../../adapters/payment/sandbox.js';
import type { App } from '../../app.js';
import {
  credentialsTokens,
  emailOutbox,
  familyMembers,
  invites,
  orders,
  payments,
  receipts,
  sandboxTransactions,
  signups,
  subscriptionCodes,
  subscriptions,
  users,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  billingBody,
  getSignup,
  type Json,
  priceSignup,
  saveBilling,
  signupAtStep3,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { insertUser } from '../account/repo.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_USERNAME_CHECK_PER_MINUTE: '10000',
};

const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

describe.each(BACKENDS)('POST /v2/signups/:signupId/payment on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;

  /** The body the browser sends: the amounts it was shown by the pricing call. */
  async function paymentBody(
    signup: TestSignup,
    overrides: { payment?: Json; address?: Json; packageId?: number } & Json = {},
  ): Promise<Json> {
    const { payment, address, packageId = 3003, ...rest } = overrides;
    const price = await priceSignup(app, signup, {
      address: address ?? TEXAS,
      orderDetail: { packageId },
      payForCoparent: rest.payForCoparent === true,
      promoCodes: (rest.promoCodes as string[] | undefined) ?? [],
      paymentCodes: (rest.paymentCodes as string[] | undefined) ?? [],
    });
    return {
      marketingOptIn: true,
      order: { packageId },
      parentDuplicateConfirmed: false,
      coParentDuplicateConfirmed: false,
      payment: {
        amountDisplayed: price.totals.total,
        taxAmountDisplayed: price.totals.taxAmount,
        cardHolderName: 'Ana López',
        nonce: 'fake-valid-nonce',
        paymentType: 'CREDIT_CARD',
        pricingLocale: 'en-US',
        storePaymentOnFile: true,
        taxId: null,
        deviceData: null,
        ...payment,
      },
      payForCoparent: false,
      promoCodes: null,
      segmentAnonymousId: 'anon-1',
      ...rest,
    };
  }

  function pay(
    signup: TestSignup,
    body: Json,
    key: string | null = randomUUID(),
    options: { language?: string; on?: App } = {},
  ) {
    return (options.on ?? app).inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: {
        'x-registration-key': signup.registrationKey,
        language: options.language ?? 'en',
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });
  }

  async function paymentRows(signup: TestSignup) {
    return db().select().from(payments).where(eq(payments.signupId, signup.signupId));
  }

  async function chargesFor(signup: TestSignup) {
    const ids = (await paymentRows(signup)).map((p) => p.id);
    if (ids.length === 0) return [];
    const rows = await db().select().from(sandboxTransactions);
    return rows.filter((t) => ids.includes(t.orderId));
  }

  async function outboxTo(address: string) {
    return db()
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
  }

  it('pays: creates every record, queues both emails and answers the spec’s payment response', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const res = await pay(signup, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(PaymentResponseSchema.safeParse(answer).success).toBe(true);
    expect(answer.receipt).toMatchObject({
      cardLastFour: '1881',
      cardType: 'Visa',
      paymentType: 'CREDIT_CARD',
      paymentMethod: 'CREDIT_CARD',
      payForCoParent: false,
      packageId: 3003,
      subDurationInYears: 1,
      autoRenew: true,
      email: signup.email,
      totals: { currencyCode: 'USD', total: (body.payment as Json).amountDisplayed },
    });
    expect(answer.receipt.transactionDateTime).toMatch(/Z$/);
    expect(answer.registration).toMatchObject({
      order: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
      parent: { email: signup.email },
      coParent: { email: expect.stringContaining('coparent.') },
      promoCodes: [],
    });
    expect(answer.clickToJoinToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ga = decodeGaPayload(answer.gaPayloadBase64);
    expect(ga).toMatchObject({
      event: 'purchase',
      ecommerce: {
        transaction_id: answer.receipt.transactionId,
        currency: 'USD',
        value: answer.receipt.totals.total / 100,
        items: [{ item_id: '3003', quantity: 1 }],
      },
    });

    // Parent A, the co-parent (invited), the family with colours and initials.
    const { userId, familyId } = answer.registration.parent;
    const [parent] = await db().select().from(users).where(eq(users.id, userId));
    expect(parent).toMatchObject({
      kind: 'PARENT',
      status: 'ACTIVE',
      marketingOptIn: true,
      timeZone: 'America/Chicago',
    });
    const members = await db()
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.familyId, familyId))
      .orderBy(familyMembers.position);
    expect(members.map((m) => [m.role, m.displayInitials])).toEqual([
      ['PARENT', 'AL'],
      ['CO_PARENT', 'BL'],
      ['CHILD', 'CL'],
    ]);
    expect(new Set(members.map((m) => m.color)).size).toBe(3);
    const coParent = members[1];
    const [coParentUser] = await db()
      .select()
      .from(users)
      .where(eq(users.id, coParent?.userId ?? ''));
    expect(coParentUser).toMatchObject({
      status: 'INVITED',
      email: answer.registration.coParent.email,
    });

    // The order, the payment, the subscription, the receipt, the signup.
    const [payment] = await paymentRows(signup);
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      transactionId: answer.receipt.transactionId,
      cardType: 'Visa',
      cardLastFour: '1881',
      paymentType: 'CREDIT_CARD',
      provider: 'sandbox',
    });
    const [order] = await db().select().from(orders).where(eq(orders.signupId, signup.signupId));
    expect(order).toMatchObject({ packageId: 3003, userId, familyId, payForCoParent: false });
    const subs = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ''));
    expect(subs).toHaveLength(1);
    const sub = subs[0];
    expect(sub?.years).toBe(1);
    expect(sub?.autoRenew).toBe(true);
    expect((sub?.renewsAt.getTime() ?? 0) - (sub?.startsAt.getTime() ?? 0)).toBeGreaterThan(
      364 * 86_400_000,
    );
    expect(
      await db()
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, payment?.id ?? '')),
    ).toHaveLength(1);
    const state = (await getSignup(app, signup)).json();
    expect(state).toMatchObject({ paid: true, lastCompletedStep: 4 });
    expect(await chargesFor(signup)).toHaveLength(1);

    // Both emails; the invitation's link opens /app/join/invite with a token stored as SHA-256.
    const [receiptMail] = await outboxTo(signup.email);
    expect(receiptMail).toMatchObject({ template: 'payment-receipt', locale: 'en' });
    expect(receiptMail?.textBody).toContain('Visa ending in 1881');
    // Itemised as the receipt page: the term, the subtotal and the tax line, then the total.
    const { totals } = answer.receipt;
    expect(receiptMail?.textBody).toContain('Term: 1 year');
    expect(receiptMail?.textBody).toContain(`Subtotal: ${totals.subTotalFormatted}`);
    expect(receiptMail?.textBody).toContain(`: ${totals.taxAmountFormatted}\nTotal charged:`);
    const [invitation] = await outboxTo(answer.registration.coParent.email);
    expect(invitation?.template).toBe('coparent-invitation');
    const link = /https:\/\/join\.example\.test\/app\/join\/invite\?token=([A-Za-z0-9_-]{43})/.exec(
      invitation?.textBody ?? '',
    );
    expect(link, invitation?.textBody ?? '').not.toBeNull();
    const [invite] = await db().select().from(invites).where(eq(invites.familyId, familyId));
    expect(invite?.tokenHash).toBe(hashToken(link?.[1] ?? ''));
    const days = ((invite?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(invitation?.textBody).not.toContain('Your subscription has been paid');

    // The credentials token is stored hashed, once (beside the receipt email's own link token).
    const tokens = await db()
      .select()
      .from(credentialsTokens)
      .where(eq(credentialsTokens.userId, userId));
    expect(tokens.filter((t) => t.purpose === 'PAYMENT_ANSWER').map((t) => t.tokenHash)).toEqual([
      hashToken(answer.clickToJoinToken),
    ]);
    expect(tokens.map((t) => t.purpose).sort()).toEqual(['EMAIL_LINK', 'PAYMENT_ANSWER']);
    expect(tokens.map((t) => t.tokenHash)).not.toContain(answer.clickToJoinToken);
  });

  it('pays for the co-parent too: two subscriptions, and the invitation says it is paid', async () => {
    const signup = await signupReadyToPay(app);
    const res = await pay(
      signup,
      await paymentBody(signup, { payForCoparent: true }),
      randomUUID(),
      {
        language: 'es-MX',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.receipt).toMatchObject({ payForCoParent: true });
    expect(decodeGaPayload(answer.gaPayloadBase64).ecommerce.items[0]?.quantity).toBe(2);
    const [order] = await db().select().from(orders).where(eq(orders.signupId, signup.signupId));
    expect(
      await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, order?.id ?? '')),
    ).toHaveLength(2);
    const [invitation] = await outboxTo(answer.registration.coParent.email);
    expect(invitation?.locale).toBe('es-MX');
    expect(invitation?.textBody).toContain('Tu suscripción ya está pagada.');
  });

  it('re-prices on the server: a tampered amount is 409 PRICE_CHANGED with the pricing, and nothing is charged', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const real = (body.payment as Json).amountDisplayed as number;
    const tampered = { ...body, payment: { ...(body.payment as Json), amountDisplayed: 100 } };
    const res = await pay(signup, tampered);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      messageKey: 'payment_priceChanged_error',
      pricing: { totals: { total: real } },
    });
    expect(res.json().detail).toContain(res.json().pricing.totals.totalFormatted);
    expect(await paymentRows(signup)).toEqual([]);
    expect(await chargesFor(signup)).toEqual([]);
    expect((await pay(signup, body)).statusCode).toBe(200);
  });

  it('answers the same result to a replay of the same Idempotency-Key, charging once', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const key = randomUUID();
    const first = await pay(signup, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay(signup, body, key);
    expect(again.statusCode, again.body).toBe(200);
    const { clickToJoinToken: firstToken, ...firstRest } = first.json();
    const { clickToJoinToken: againToken, ...againRest } = again.json();
    expect(againRest).toEqual(firstRest);
    // A new credentials token replaces the first one (only the newest works).
    expect(againToken).not.toBe(firstToken);
    expect(await chargesFor(signup)).toHaveLength(1);

    // Another key on a paid signup: the stored result, not a second charge.
    const other = await pay(signup, body, randomUUID());
    expect(other.statusCode).toBe(200);
    expect(other.json().receipt).toEqual(first.json().receipt);
    expect(await chargesFor(signup)).toHaveLength(1);
    expect(await paymentRows(signup)).toHaveLength(1);
  });

  it('refuses a key reused with another body, and a missing or malformed key', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const key = randomUUID();
    expect((await pay(signup, body, key)).statusCode).toBe(200);
    const changed = await pay(signup, { ...body, segmentAnonymousId: 'someone-else' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const missing = await pay(signup, body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_MISSING' });
    expect((await pay(signup, body, 'short')).statusCode).toBe(400);
  });

  it('charges once when two requests for one signup arrive together', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const results = await Promise.all([
      pay(signup, body),
      pay(signup, body),
      pay(signup, body, 'same-key-1234'),
      pay(signup, body, 'same-key-1234'),
    ]);
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await chargesFor(signup)).toHaveLength(1);
    const rows = await paymentRows(signup);
    expect(rows.filter((p) => p.status === 'COMPLETED')).toHaveLength(1);
    expect(
      await db().select().from(orders).where(eq(orders.signupId, signup.signupId)),
    ).toHaveLength(1);
  });

  it('answers 402 PAYMENT_DECLINED for a declined card, and a new key may then pay', async () => {
    const signup = await signupReadyToPay(app);
    const declined = await paymentBody(signup, {
      payment: { nonce: 'fake-processor-declined-visa-nonce' },
    });
    const key = randomUUID();
    const res = await pay(signup, declined, key, { language: 'es-MX' });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_DECLINED',
      reason: 'PROCESSOR_DECLINED',
      processorResponseCode: '2000',
      messageKey: 'payment_declined_error',
      detail: esMXMessages.payment_declined_error,
    });
    expect((await paymentRows(signup)).map((p) => p.status)).toEqual(['FAILED']);
    // The same key answers the same decline, in the language asked now.
    const replay = await pay(signup, declined, key);
    expect(replay.statusCode).toBe(402);
    expect(replay.json().detail).toBe(enMessages.payment_declined_error);
    expect((await getSignup(app, signup)).json().paid).toBe(false);

    const ok = await pay(signup, await paymentBody(signup), randomUUID());
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await chargesFor(signup)).map((t) => t.status).sort()).toEqual([
      'processor_declined',
      'submitted_for_settlement',
    ]);
  });

  it('declines by Braintree’s test amounts: MX$2,086.84 is processor response 2086', async () => {
    const signup = await signupReadyToPay(app, {
      packageId: 2001,
      billing: billingBody({
        parent: { timeZone: 'America/Mexico_City' },
        address: { country: 'MX', region: 'CMX', postalCode: '06700', city: 'Ciudad de México' },
      }),
    });
    const body = await paymentBody(signup, {
      packageId: 2001,
      address: {
        country: 'MX',
        region: 'CMX',
        city: 'Ciudad de México',
        line1: '1 Main St',
        postalCode: '06700',
      },
      termsAccepted: true,
    });
    expect((body.payment as Json).amountDisplayed).toBe(208_684);
    const res = await pay(signup, body);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      processorResponseCode: '2086',
      reason: 'PROCESSOR_DECLINED',
    });
  });

  it('requires the terms outside the US (consent), and records them', async () => {
    const gb = billingBody({
      parent: { timeZone: 'Europe/London' },
      address: { country: 'GB', region: 'ENG', postalCode: 'SW1A 1AA', city: 'London' },
    });
    const signup = await signupReadyToPay(app, { packageId: 2061, billing: gb });
    const body = await paymentBody(signup, {
      packageId: 2061,
      address: {
        country: 'GB',
        region: 'ENG',
        city: 'London',
        line1: '1 Main St',
        postalCode: 'SW1A 1AA',
      },
      marketingOptIn: undefined,
    });
    const refused = await pay(signup, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors).toEqual([
      { field: 'termsAccepted', text: enMessages.payment_terms_error, type: 'ERROR' },
    ]);
    const res = await pay(signup, { ...body, termsAccepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt.totals.currencyCode).toBe('GBP');
    const [parent] = await db()
      .select()
      .from(users)
      .where(eq(users.id, res.json().registration.parent.userId));
    expect(parent?.termsAcceptedAt).not.toBeNull();
    // Consent required and no marketing answer: not opted in.
    expect(parent?.marketingOptIn).toBe(false);
  });

  it('answers 404 SIGNUP_EXPIRED for an expired registration', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    const later = await buildTestApp(ctx.database, {
      env: ENV,
      now: () => new Date(Date.now() + 73 * 3600_000),
    });
    try {
      const res = await pay(signup, body, randomUUID(), { on: later });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SIGNUP_EXPIRED' });
    } finally {
      await later.close();
    }
    expect(await chargesFor(signup)).toEqual([]);
  });

  it('answers 422 parentDuplicate when the parent email got an account, charging nothing', async () => {
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup);
    await insertUser(db(), { email: signup.email, firstName: 'Ana', lastName: 'Other' });
    const res = await pay(signup, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual([
      expect.objectContaining({ field: DUPLICATE_PARENT_FIELD, type: 'DUPLICATE' }),
    ]);
    expect(await chargesFor(signup)).toEqual([]);
  });

  it('answers 409 SECTION_OUT_OF_ORDER before the billing is saved', async () => {
    const signup = await signupAtStep3(app);
    const res = await pay(signup, {
      order: { packageId: 3003 },
      payment: { amountDisplayed: 1, nonce: 'fake-valid-nonce' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SECTION_OUT_OF_ORDER' });
  });

  it('needs no nonce when a subscription code covers the price, and redeems the code once', async () => {
    const [code] = await db()
      .insert(subscriptionCodes)
      .values({
        code: `PRO-PREM1-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'PACKAGE',
        packageCode: 'PREM1',
        purchasedBy: 'Test practice',
      })
      .returning();
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup, {
      paymentCodes: [code?.code ?? ''],
      payment: { nonce: null },
    });
    expect((body.payment as Json).amountDisplayed).toBe(0);
    const res = await pay(signup, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt).toMatchObject({
      transactionId: null,
      paymentCodeDetails: [{ code: code?.code }],
    });
    const [redeemed] = await db()
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.code, code?.code ?? ''));
    expect(redeemed).toMatchObject({ redeemedBySignupId: signup.signupId });
    expect(redeemed?.redeemedAt).not.toBeNull();
    expect(await chargesFor(signup)).toEqual([]);

    const second = await signupReadyToPay(app);
    const reuse = await pay(second, { ...body, paymentCodes: [code?.code] });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().validationErrors[0]).toMatchObject({
      field: 'paymentCodes.0',
      text: enMessages.code_used_error,
    });
  });

  it('frees a subscription code again when the payment is declined', async () => {
    const [code] = await db()
      .insert(subscriptionCodes)
      .values({
        code: `PRO-USD50-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'AMOUNT',
        amount: 5000,
        currency: 'USD',
        purchasedBy: 'Test practice',
      })
      .returning();
    const signup = await signupReadyToPay(app);
    const body = await paymentBody(signup, {
      paymentCodes: [code?.code ?? ''],
      payment: { nonce: 'fake-processor-declined-mastercard-nonce' },
    });
    expect((await pay(signup, body)).statusCode).toBe(402);
    const [free] = await db()
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.code, code?.code ?? ''));
    expect(free?.redeemedAt).toBeNull();
    const ok = await pay(signup, {
      ...body,
      payment: { ...(body.payment as Json), nonce: 'fake-valid-mastercard-nonce' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses every later save of a paid signup (409 ALREADY_PAID) and serves its receipt', async () => {
    const signup = await signupReadyToPay(app);
    const none = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/receipt`,
      headers: { 'x-registration-key': signup.registrationKey },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
    const paid = await pay(signup, await paymentBody(signup));
    expect(paid.statusCode).toBe(200);
    const again = await saveBilling(app, signup);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID' });
    const receipt = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/receipt`,
      headers: { 'x-registration-key': signup.registrationKey },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toEqual(paid.json().receipt);
    const wrongKey = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/receipt`,
      headers: { 'x-registration-key': 'x'.repeat(43) },
    });
    expect(wrongKey.statusCode).toBe(403);
  });

  describe('a crash between the gateway and the commit', () => {
    it('leaves the attempt PENDING; reconciliation completes it without charging again', async () => {
      let crash = true;
      const crashing = await buildTestApp(ctx.database, {
        env: ENV,
        checkoutHooks: {
          beforeCommit: () => {
            if (crash) throw new Error('simulated crash before the commit');
          },
        },
      });
      try {
        const signup = await signupReadyToPay(crashing);
        const body = await paymentBody(signup);
        const key = randomUUID();
        const res = await pay(signup, body, key, { on: crashing });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ code: 'INTERNAL' });
        expect(res.body).not.toContain('simulated');
        const [pending] = await paymentRows(signup);
        expect(pending).toMatchObject({ status: 'PENDING' });
        expect(pending?.transactionId).toMatch(/^[a-z0-9]{8}$/);
        expect(await db().select().from(users).where(eq(users.email, signup.email))).toEqual([]);
        expect(await chargesFor(signup)).toHaveLength(1);

        crash = false;
        const tally = await crashing.checkout.reconcilePendingPayments();
        expect(tally.completed).toBeGreaterThanOrEqual(1);
        const [completed] = await paymentRows(signup);
        expect(completed?.status).toBe('COMPLETED');
        expect(completed?.transactionId).toBe(pending?.transactionId);
        // The browser's retry with its key gets the result; still one charge.
        const retry = await pay(signup, body, key, { on: crashing });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(retry.json().receipt.transactionId).toBe(pending?.transactionId);
        expect(await chargesFor(signup)).toHaveLength(1);
        expect(await outboxTo(signup.email)).toHaveLength(1);
      } finally {
        await crashing.close();
      }
    });

    it('a retry of the request reconciles first instead of charging again', async () => {
      let crash = true;
      const crashing = await buildTestApp(ctx.database, {
        env: ENV,
        checkoutHooks: {
          beforeCommit: () => {
            if (crash) throw new Error('simulated crash before the commit');
          },
        },
      });
      try {
        const signup = await signupReadyToPay(crashing);
        const body = await paymentBody(signup);
        expect((await pay(signup, body, randomUUID(), { on: crashing })).statusCode).toBe(500);
        crash = false;
        // A new attempt (a new key) for the signup: the pending one is completed, not re-charged.
        const retry = await pay(signup, body, randomUUID(), { on: crashing });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(await chargesFor(signup)).toHaveLength(1);
        expect((await paymentRows(signup)).map((p) => p.status)).toEqual(['COMPLETED']);
      } finally {
        await crashing.close();
      }
    });
  });

  describe('when the gateway does not answer', () => {
    function failingGateway(): PaymentGateway & { fail: boolean } {
      const sandbox = createSandboxGateway({ db: ctx.database.db, now: () => new Date() });
      const gateway = {
        ...sandbox,
        fail: true,
        async sale(input: Parameters<PaymentGateway['sale']>[0]) {
          if (gateway.fail) throw new PaymentGatewayError('connect ECONNREFUSED');
          return sandbox.sale(input);
        },
      };
      return gateway;
    }

    it('answers 503, holds the attempt while it may be in flight, then settles it as not charged', async () => {
      const gateway = failingGateway();
      let clock = Date.now();
      const flaky = await buildTestApp(ctx.database, {
        env: ENV,
        paymentGateway: gateway,
        now: () => new Date(clock),
      });
      try {
        const signup = await signupReadyToPay(flaky);
        const body = await paymentBody(signup);
        const key = randomUUID();
        const res = await pay(signup, body, key, { on: flaky });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'PAYMENT_PROVIDER_UNAVAILABLE',
          retryAfterSeconds: 120,
        });
        expect(res.headers['retry-after']).toBe('120');
        const busy = await pay(signup, body, randomUUID(), { on: flaky });
        expect(busy.statusCode).toBe(409);
        expect(busy.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });

        clock += 121_000;
        gateway.fail = false;
        const replay = await pay(signup, body, key, { on: flaky });
        expect(replay.statusCode).toBe(503);
        expect((await paymentRows(signup)).map((p) => p.status)).toEqual(['FAILED']);
        const ok = await pay(signup, body, randomUUID(), { on: flaky });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(await chargesFor(signup)).toHaveLength(1);
      } finally {
        await flaky.close();
      }
    });
  });

  it('keeps exactly one active attempt per signup in the database', async () => {
    const signup = await signupReadyToPay(app);
    await pay(signup, await paymentBody(signup));
    const [{ count } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.signupId, signup.signupId),
          sql`${payments.status} in ('PENDING', 'COMPLETED')`,
        ),
      );
    expect(count).toBe(1);
    const [row] = await db().select().from(signups).where(eq(signups.id, signup.signupId));
    expect(row?.completedAt).not.toBeNull();
    expect(uniqueEmail()).not.toBe(signup.email);
  });
});
