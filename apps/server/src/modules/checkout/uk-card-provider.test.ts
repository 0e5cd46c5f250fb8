import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway, SaleInput } from '../../adapters/payment/payment-gateway.js';
import { createSandboxGateway } from '../../adapters/payment/sandbox.js';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import { analyticsEvents } from '../../db/schema.js';
import {
  billingBody,
  type Json,
  priceSignup,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';
import type { ForwardedEvent } from '../events/forwarder.js';
import { exposureMessageId } from '../events/service.js';

const LONDON = {
  country: 'GB',
  region: 'ENG',
  city: 'London',
  line1: '1 Main St',
  postalCode: 'SW1A 1AA',
};
const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

// uk-card-provider (decision 020): the server evaluates the experiment itself at the sale. The
// browser suite's flag file answers Treatment for anonymous ids starting "arm-treatment".
describe('POST /v2/signups/:signupId/payment: the uk-card-provider experiment', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const sales: SaleInput[] = [];
  const forwarded: ForwardedEvent[] = [];

  beforeAll(async () => {
    const sandbox = createSandboxGateway({ db: ctx.database.db, now: () => new Date() });
    const gateway: PaymentGateway = {
      ...sandbox,
      async sale(input) {
        sales.push(input);
        return sandbox.sale(input);
      },
    };
    app = await buildTestApp(ctx.database, {
      env: {
        FLAGS_FILE: join(REPO_ROOT, 'e2e/flags.e2e.json'),
        RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
        RATE_LIMIT_PRICING_PER_MINUTE: '10000',
        RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
      },
      paymentGateway: gateway,
      eventForwarder: { forward: (events) => forwarded.push(...events), close: async () => {} },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function exposuresOf(anonymousId: string) {
    return ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.anonymousId, anonymousId));
  }

  async function payAs(
    anonymousId: string,
    { gb = true, paymentType = 'CREDIT_CARD', nonce = 'fake-valid-nonce' } = {},
  ): Promise<SaleInput | undefined> {
    const packageId = gb ? 2061 : 3003;
    const address = gb ? LONDON : TEXAS;
    const signup: TestSignup = await signupReadyToPay(app, {
      packageId,
      ...(gb
        ? {
            billing: billingBody({
              parent: { timeZone: 'Europe/London' },
              address: { country: 'GB', region: 'ENG', postalCode: 'SW1A 1AA', city: 'London' },
            }),
          }
        : {}),
    });
    const price = await priceSignup(app, signup, {
      address,
      orderDetail: { packageId },
      payForCoparent: false,
      promoCodes: [],
      paymentCodes: [],
    });
    const body: Json = {
      marketingOptIn: true,
      termsAccepted: true,
      order: { packageId },
      payment: {
        amountDisplayed: price.totals.total,
        taxAmountDisplayed: price.totals.taxAmount,
        cardHolderName: 'Ana López',
        nonce,
        paymentType,
        pricingLocale: gb ? 'en-GB' : 'en-US',
        storePaymentOnFile: true,
        taxId: null,
        deviceData: null,
      },
      payForCoparent: false,
      promoCodes: null,
      segmentAnonymousId: anonymousId,
    };
    const before = sales.length;
    const res = await app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: { 'x-registration-key': signup.registrationKey, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return sales.slice(before)[0];
  }

  it('sends a GB card sale of the Treatment through the UK card account', async () => {
    const sale = await payAs(`arm-treatment-${randomUUID()}`);
    expect(sale?.currency).toBe('GBP');
    expect(sale?.viaUkCardAccount).toBe(true);
  });

  it('keeps the usual account in Control and for visitors outside the experiment', async () => {
    expect((await payAs(`arm-control-${randomUUID()}`))?.viaUkCardAccount).toBe(false);
    expect((await payAs(randomUUID()))?.viaUkCardAccount).toBe(false);
  });

  it('keeps the usual account outside GB and for wallets, even in the Treatment', async () => {
    expect((await payAs(`arm-treatment-${randomUUID()}`, { gb: false }))?.viaUkCardAccount).toBe(
      false,
    );
    const applePay = await payAs(`arm-treatment-${randomUUID()}`, {
      paymentType: 'APPLE_PAY',
      nonce: 'fake-apple-pay-visa-nonce',
    });
    expect(applePay?.viaUkCardAccount).toBe(false);
  });

  it('records the arm it decided as one Experiment Viewed per visitor, however often they pay', async () => {
    const visitor = `arm-treatment-${randomUUID()}`;
    await payAs(visitor);
    await payAs(visitor);
    const events = await exposuresOf(visitor);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'track',
      event: 'Experiment Viewed',
      anonymousId: visitor,
      path: '/app/join/payment',
      properties: { experiment: 'uk-card-provider', variant: 'Treatment', decidedBy: 'server' },
    });
    // Sent on to Segment (when configured) once as well.
    expect(forwarded.filter((event) => event.anonymousId === visitor)).toHaveLength(1);

    // A browser cannot take the server's messageId first to plant another arm.
    const forged = await app.inject({
      method: 'POST',
      url: '/v2/events',
      payload: {
        batch: [
          {
            type: 'track',
            event: 'Experiment Viewed',
            properties: { experiment: 'uk-card-provider', variant: 'Control' },
            anonymousId: `arm-control-${visitor}`,
            timestamp: new Date().toISOString(),
            messageId: exposureMessageId('uk-card-provider', `arm-control-${visitor}`),
          },
        ],
      },
    });
    expect(forged.statusCode).toBe(422);

    const control = `arm-control-${randomUUID()}`;
    await payAs(control);
    expect((await exposuresOf(control)).map((event) => event.properties)).toEqual([
      { experiment: 'uk-card-provider', variant: 'Control', decidedBy: 'server' },
    ]);
  });

  it('records nothing for visitors outside the experiment or payments it does not decide', async () => {
    const outside = randomUUID();
    await payAs(outside);
    expect(await exposuresOf(outside)).toEqual([]);
    const texan = `arm-treatment-${randomUUID()}`;
    await payAs(texan, { gb: false });
    expect(await exposuresOf(texan)).toEqual([]);
    const wallet = `arm-treatment-${randomUUID()}`;
    await payAs(wallet, { paymentType: 'APPLE_PAY', nonce: 'fake-apple-pay-visa-nonce' });
    expect(await exposuresOf(wallet)).toEqual([]);
  });
});
