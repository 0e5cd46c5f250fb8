import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  emailOutbox,
  payments,
  sandboxPaymentMethods,
  subscriptionCodes,
} from '../../db/schema.js';
import {
  logInPaidParent,
  postPayment,
  priceSignup,
  signupReadyToPay,
  TEXAS_ADDRESS,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

// A subscription code that pays the whole price makes a $0 order: nothing is charged, no payment
// method is kept, and what the parent reads afterwards names the code, never a card.
describe.each(BACKENDS)('an order a code pays in full on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;

  /** A new single-use code for Premium 1 year (3003), as a professional buys them. */
  async function premiumCode(): Promise<string> {
    const code = `PRO-PREM1-${randomUUID().slice(0, 8).toUpperCase()}`;
    await db()
      .insert(subscriptionCodes)
      .values({ code, kind: 'PACKAGE', packageCode: 'PREM1', purchasedBy: 'Test practice' });
    return code;
  }

  /** Pays Premium 1 year with the code, as the browser does for a $0 order (no nonce). */
  async function payWithCode(signup: TestSignup, code: string, language = 'en') {
    const price = await priceSignup(app, signup, {
      address: TEXAS_ADDRESS,
      orderDetail: { packageId: 3003 },
      paymentCodes: [code],
    });
    expect(price.totals.total).toBe(0);
    const res = await postPayment(
      app,
      signup,
      {
        order: { packageId: 3003 },
        payment: { amountDisplayed: 0, taxAmountDisplayed: 0, nonce: null },
        promoCodes: null,
        paymentCodes: [code],
      },
      { language },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function receiptMailTo(address: string) {
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
    return mail;
  }

  it('charges nothing and keeps no payment method, even when the browser asks to store one', async () => {
    const signup = await signupReadyToPay(app);
    const code = await premiumCode();
    const vaultedBefore = (await db().select().from(sandboxPaymentMethods)).length;
    const answer = await payWithCode(signup, code);
    expect(answer.receipt).toMatchObject({
      transactionId: null,
      cardType: null,
      cardLastFour: null,
      totals: { total: 0 },
    });
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.signupId, signup.signupId));
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      amount: 0,
      transactionId: null,
      cardLastFour: null,
      paymentMethodToken: null,
    });
    expect(await db().select().from(sandboxPaymentMethods)).toHaveLength(vaultedBefore);
  });

  it('says "Covered by code" in the receipt email, in English and in Spanish', async () => {
    const english = await signupReadyToPay(app);
    const englishCode = await premiumCode();
    await payWithCode(english, englishCode);
    const englishMail = await receiptMailTo(english.email);
    expect(englishMail?.textBody).toContain(`Payment method: Covered by code ${englishCode}`);
    expect(englishMail?.textBody).not.toContain('Payment method: —');
    expect(englishMail?.textBody).not.toContain('ending in');

    const spanish = await signupReadyToPay(app);
    const spanishCode = await premiumCode();
    await payWithCode(spanish, spanishCode, 'es-MX');
    const spanishMail = await receiptMailTo(spanish.email);
    expect(spanishMail?.textBody).toContain(`Forma de pago: Cubierto con el código ${spanishCode}`);
  });

  it('shows the code, and no card, as the account billing page’s payment method', async () => {
    const signup = await signupReadyToPay(app);
    const code = await premiumCode();
    const parent = await logInPaidParent(app, signup, await payWithCode(signup, code));
    const res = await app.inject({
      method: 'GET',
      url: '/v2/account/billing',
      headers: { cookie: parent.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentMethod: null, coveredByCodes: [code] });
  });
});
