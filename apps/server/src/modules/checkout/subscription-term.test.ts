import { randomUUID } from 'node:crypto';
import { decodeGaPayload, PaymentResponseSchema } from '@coparent/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox, orders, payments, receipts, subscriptions } from '../../db/schema.js';
import { priceSignup, signupReadyToPay, type TestSignup } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

/**
 * The subscription's term: a 2-year package (3004, PREM2) stores a 2-year subscription that renews
 * two calendar years after it starts; a 1-year package (3003, PREM1) renews one calendar year
 * later. Compared as calendar dates (a span over a 29 February is 366 or 731 days, not 365·n).
 */

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

const PREMIUM_1_YEAR = 3003;
const PREMIUM_2_YEARS = 3004;

const DAY_MS = 86_400_000;

/**
 * `start` moved by `years` calendar years, at the same time of day; a 29 February that lands in a
 * common year may become 28 February or 1 March (both answers are accepted).
 */
function calendarYearsLater(start: Date, years: number): string[] {
  const time = start.toISOString().slice(10);
  const year = String(start.getUTCFullYear() + years).padStart(4, '0');
  const month = String(start.getUTCMonth() + 1).padStart(2, '0');
  const day = String(start.getUTCDate()).padStart(2, '0');
  const target = Number(year);
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  if (month === '02' && day === '29' && !leap) {
    return [`${year}-02-28${time}`, `${year}-03-01${time}`];
  }
  return [`${year}-${month}-${day}${time}`];
}

describe.each(BACKENDS)('the subscription term on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;

  /** Parent A through steps 1–3 with `packageId`, then the payment the browser sends. */
  async function buy(on: App, packageId: number) {
    const signup = await signupReadyToPay(on, { packageId });
    const price = await priceSignup(on, signup, {
      address: TEXAS,
      orderDetail: { packageId },
      payForCoparent: false,
      promoCodes: [],
      paymentCodes: [],
    });
    const res = await on.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: {
        'x-registration-key': signup.registrationKey,
        'idempotency-key': randomUUID(),
        language: 'en',
      },
      payload: {
        marketingOptIn: true,
        order: { packageId },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          cardHolderName: 'Ana López',
          nonce: 'fake-valid-nonce',
          paymentType: 'CREDIT_CARD',
          storePaymentOnFile: false,
          deviceData: null,
        },
        payForCoparent: false,
        promoCodes: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { signup, answer: res.json() };
  }

  /** The stored order and its (only) subscription of a paid signup. */
  async function stored(signup: TestSignup) {
    const [order] = await db().select().from(orders).where(eq(orders.signupId, signup.signupId));
    const subs = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ''));
    expect(subs).toHaveLength(1);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.signupId, signup.signupId));
    const [receipt] = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, payment?.id ?? ''));
    return { order, subscription: subs[0], receipt };
  }

  async function receiptMailTo(address: string) {
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    return rows[0];
  }

  /** How the receipt email writes a renewal date (en-US, long, UTC). */
  function renewsOnText(instant: Date): string {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(instant);
  }

  it('a 2-year package: a SUB2YEAR order and a 2-year subscription renewing two calendar years later', async () => {
    const { signup, answer } = await buy(app, PREMIUM_2_YEARS);
    expect(PaymentResponseSchema.safeParse(answer).success).toBe(true);

    // What the payment answer (and the receipt) says about the term.
    expect(answer.registration.order).toEqual({
      packageId: PREMIUM_2_YEARS,
      productId: 'SUB2YEAR',
      services: [],
    });
    expect(answer.receipt).toMatchObject({
      packageId: PREMIUM_2_YEARS,
      packageDisplayName: 'Premium · 2 years',
      receiptText: 'Premium subscription, billed every two years',
      subDurationInYears: 2,
      autoRenew: true,
    });
    const ga = decodeGaPayload(answer.gaPayloadBase64);
    expect(ga.ecommerce.items).toEqual([
      expect.objectContaining({ item_id: String(PREMIUM_2_YEARS), item_variant: 'SUB2YEAR' }),
    ]);

    // The stored order and subscription.
    const { order, subscription, receipt } = await stored(signup);
    expect(order).toMatchObject({ packageId: PREMIUM_2_YEARS, productId: 'SUB2YEAR' });
    expect(subscription).toMatchObject({
      packageId: PREMIUM_2_YEARS,
      years: 2,
      autoRenew: true,
      status: 'ACTIVE',
    });
    const startsAt = subscription?.startsAt ?? new Date(0);
    const renewsAt = subscription?.renewsAt ?? new Date(0);
    expect(calendarYearsLater(startsAt, 2)).toContain(renewsAt.toISOString());
    // Not one year (nor three): 730 or 731 days, whatever the leap days in between.
    const days = (renewsAt.getTime() - startsAt.getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(729);
    expect(days).toBeLessThanOrEqual(731);

    // The answer, the stored receipt and the receipt email tell the same renewal date.
    expect(answer.receipt.transactionDateTime).toBe(startsAt.toISOString());
    expect(answer.receipt.renewsAt).toBe(renewsAt.toISOString());
    expect(receipt?.body).toMatchObject({
      subDurationInYears: 2,
      renewsAt: renewsAt.toISOString(),
    });
    const served = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/receipt`,
      headers: { 'x-registration-key': signup.registrationKey },
    });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.json()).toMatchObject({
      subDurationInYears: 2,
      renewsAt: renewsAt.toISOString(),
    });
    const mail = await receiptMailTo(signup.email);
    expect(mail?.textBody).toContain(
      `Your subscription renews automatically on ${renewsOnText(renewsAt)}`,
    );
    expect(mail?.textBody).toContain(String(startsAt.getUTCFullYear() + 2));
  });

  it('a 1-year package: a SUB1YEAR order and a subscription renewing one calendar year later, not two', async () => {
    const { signup, answer } = await buy(app, PREMIUM_1_YEAR);
    expect(answer.registration.order).toMatchObject({ productId: 'SUB1YEAR' });
    expect(answer.receipt).toMatchObject({
      packageId: PREMIUM_1_YEAR,
      subDurationInYears: 1,
      autoRenew: true,
    });
    const { order, subscription } = await stored(signup);
    expect(order).toMatchObject({ packageId: PREMIUM_1_YEAR, productId: 'SUB1YEAR' });
    expect(subscription).toMatchObject({ years: 1, autoRenew: true, status: 'ACTIVE' });
    const startsAt = subscription?.startsAt ?? new Date(0);
    const renewsAt = subscription?.renewsAt ?? new Date(0);
    expect(calendarYearsLater(startsAt, 1)).toContain(renewsAt.toISOString());
    const days = (renewsAt.getTime() - startsAt.getTime()) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(364);
    expect(days).toBeLessThanOrEqual(366);
    expect(answer.receipt.renewsAt).toBe(renewsAt.toISOString());
    const mail = await receiptMailTo(signup.email);
    expect(mail?.textBody).toContain(
      `Your subscription renews automatically on ${renewsOnText(renewsAt)}`,
    );
  });

  describe('on a fixed clock (calendar years across a 29 February)', () => {
    async function buyAt(iso: string, packageId: number) {
      const clock = new Date(iso);
      const fixed = await buildTestApp(ctx.database, { env: ENV, now: () => new Date(clock) });
      try {
        const { signup, answer } = await buy(fixed, packageId);
        const { subscription } = await stored(signup);
        return { answer, subscription };
      } finally {
        await fixed.close();
      }
    }

    it('2 years from 1 March 2027 is 1 March 2029 (731 days: 2028 is a leap year)', async () => {
      const { answer, subscription } = await buyAt('2027-03-01T15:30:00.000Z', PREMIUM_2_YEARS);
      expect(subscription?.years).toBe(2);
      expect(subscription?.startsAt.toISOString()).toBe('2027-03-01T15:30:00.000Z');
      expect(subscription?.renewsAt.toISOString()).toBe('2029-03-01T15:30:00.000Z');
      expect(answer.receipt.renewsAt).toBe('2029-03-01T15:30:00.000Z');
    });

    it('1 year from 1 March 2027 is 1 March 2028 (366 days), not 2029', async () => {
      const { answer, subscription } = await buyAt('2027-03-01T15:30:00.000Z', PREMIUM_1_YEAR);
      expect(subscription?.years).toBe(1);
      expect(subscription?.renewsAt.toISOString()).toBe('2028-03-01T15:30:00.000Z');
      expect(answer.receipt.renewsAt).toBe('2028-03-01T15:30:00.000Z');
    });

    it('2 years from 29 February 2028 ends on 28 February or 1 March 2030', async () => {
      const { subscription } = await buyAt('2028-02-29T08:00:00.000Z', PREMIUM_2_YEARS);
      expect(subscription?.years).toBe(2);
      expect(['2030-02-28T08:00:00.000Z', '2030-03-01T08:00:00.000Z']).toContain(
        subscription?.renewsAt.toISOString(),
      );
    });
  });
});
