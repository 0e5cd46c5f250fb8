import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { payments, sandboxPaymentMethods } from '../../db/schema.js';
import {
  type Json,
  paymentRequest,
  postPayment,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

// The subscription renews by itself (auto_renew): the payment method the sale stored in the
// gateway's vault is what a renewal charges, so its token is kept with the payment.
describe.each(BACKENDS)('the payment method kept on file on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let crash = false;
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: ENV,
      checkoutHooks: {
        beforeCommit: () => {
          if (crash) throw new Error('simulated crash before the commit');
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function pay(signup: TestSignup, payment: Json = {}) {
    const body = await paymentRequest(app, signup, {
      payment: { storePaymentOnFile: true, ...payment },
    });
    return postPayment(app, signup, body);
  }

  async function paymentOf(signup: TestSignup) {
    const [row] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.signupId, signup.signupId));
    return row;
  }

  async function vaulted(token: string | null | undefined) {
    if (!token) return undefined;
    const [method] = await ctx.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.token, token));
    return method;
  }

  it('keeps the vaulted method of a paid signup, the one the gateway stored', async () => {
    const signup = await signupReadyToPay(app);
    const res = await pay(signup);
    expect(res.statusCode, res.body).toBe(200);
    const payment = await paymentOf(signup);
    expect(payment?.paymentMethodToken).toEqual(expect.any(String));
    expect(await vaulted(payment?.paymentMethodToken)).toMatchObject({
      paymentInstrumentType: 'CREDIT_CARD',
      lastFour: payment?.cardLastFour,
    });
    // Never in the answer to the browser.
    expect(res.body).not.toContain(payment?.paymentMethodToken);
  });

  it('keeps nothing when the browser did not ask to store the method, or the card is declined', async () => {
    const notStored = await signupReadyToPay(app);
    expect((await pay(notStored, { storePaymentOnFile: false })).statusCode).toBe(200);
    expect((await paymentOf(notStored))?.paymentMethodToken).toBeNull();

    const declined = await signupReadyToPay(app);
    const res = await pay(declined, { nonce: 'fake-processor-declined-visa-nonce' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await paymentOf(declined))?.paymentMethodToken).toBeNull();
  });

  it('keeps it when reconciliation completes a payment a crash left pending', async () => {
    const signup = await signupReadyToPay(app);
    crash = true;
    try {
      expect((await pay(signup)).statusCode).toBe(500);
    } finally {
      crash = false;
    }
    // The reconciliation reads the transaction back from the gateway by order id.
    await ctx.database.db
      .update(payments)
      .set({ paymentMethodToken: null, lockedUntil: new Date(0) })
      .where(eq(payments.signupId, signup.signupId));
    await app.checkout.reconcilePendingPayments();
    const payment = await paymentOf(signup);
    expect(payment?.status).toBe('COMPLETED');
    expect(await vaulted(payment?.paymentMethodToken)).toBeDefined();
  });
});
