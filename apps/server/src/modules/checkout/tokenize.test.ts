import { randomUUID } from 'node:crypto';
import { enMessages, esMXMessages, TokenizePayloadSchema } from '@coparent/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  type Json,
  priceSignup,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  captureLogs,
  PRODUCTION_TEST_ENV,
  useTestDatabase,
} from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_TOKENIZE_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  LOG_LEVEL: 'debug',
};

const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const CARD = {
  number: '4111 1111 1111 1111',
  expirationDate: `12/${NEXT_YEAR}`,
  cvv: '123',
  postalCode: '73301',
};

describe.each(BACKENDS)('POST /v2/payment/sandbox/tokenize on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  const logs = captureLogs();
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, logStream: logs.stream });
  });
  afterAll(async () => {
    await app?.close();
  });

  function tokenize(body: Json, language = 'en') {
    return app.inject({
      method: 'POST',
      url: '/v2/payment/sandbox/tokenize',
      headers: { language },
      payload: body,
    });
  }

  async function nonceFor(card: Json): Promise<string> {
    const res = await tokenize(card);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().nonce;
  }

  async function payWith(signup: TestSignup, nonce: string) {
    const price = await priceSignup(app, signup, {
      address: TEXAS,
      orderDetail: { packageId: 3003 },
    });
    return app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: { 'x-registration-key': signup.registrationKey, 'idempotency-key': randomUUID() },
      payload: {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce,
        },
        promoCodes: null,
      },
    });
  }

  it('answers hosted fields’ tokenize payload for a valid card', async () => {
    const res = await tokenize(CARD);
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json();
    expect(TokenizePayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({
      type: 'CreditCard',
      description: 'ending in 11',
      details: { cardType: 'Visa', lastFour: '1111', lastTwo: '11', expirationMonth: '12' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers field errors with the spec’s three messages, in the request’s language', async () => {
    const res = await tokenize({
      number: '4111 1111 1111 1112',
      expirationDate: '01/20',
      cvv: '12',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual([
      { field: 'number', text: 'Enter a valid credit card number', type: 'ERROR' },
      { field: 'expirationDate', text: 'Enter a valid expiration date', type: 'ERROR' },
      { field: 'cvv', text: 'Enter a valid security code', type: 'ERROR' },
    ]);
    const spanish = await tokenize({ ...CARD, expirationDate: '13/30' }, 'es-MX');
    expect(spanish.json().validationErrors).toEqual([
      { field: 'expirationDate', text: esMXMessages.payment_expirationDate_error, type: 'ERROR' },
    ]);
    const amex = await tokenize({ ...CARD, number: '378282246310005', cvv: '123' });
    expect(amex.json().validationErrors).toEqual([
      { field: 'cvv', text: enMessages.payment_securityCode_error, type: 'ERROR' },
    ]);
  });

  it('never stores or logs the card number or the security code', async () => {
    const number = '5555555555554444';
    const cvv = '987';
    expect((await tokenize({ number, expirationDate: `11/${NEXT_YEAR}`, cvv })).statusCode).toBe(
      200,
    );
    expect(
      (await tokenize({ number: `${number}1`, expirationDate: `11/${NEXT_YEAR}`, cvv })).statusCode,
    ).toBe(422);
    type Rows = { rows: Record<string, unknown>[] };
    const tables = (await ctx.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as Rows;
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = (await ctx.database.db.execute(
        sql.raw(`select * from "${String(table_name)}"`),
      )) as unknown as Rows;
      dump += JSON.stringify(rows.rows);
    }
    expect(dump).toContain('4444');
    expect(dump).not.toContain(number);
    expect(dump).not.toContain('555555');
    expect(dump).not.toContain(`"${cvv}"`);
    expect(logs.text()).toContain('/v2/payment/sandbox/tokenize');
    expect(logs.text()).not.toContain(number);
    // Request bodies are never logged: no field name, no quoted value (bare digits would match
    // timestamps by chance).
    expect(logs.text()).not.toMatch(new RegExp(`cvv|"${cvv}"|expirationDate`));
  });

  it('pays with a tokenised card, once per nonce', async () => {
    const nonce = await nonceFor(CARD);
    const signup = await signupReadyToPay(app);
    const res = await payWith(signup, nonce);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt).toMatchObject({ cardType: 'Visa', cardLastFour: '1111' });
    const reused = await payWith(await signupReadyToPay(app), nonce);
    expect(reused.statusCode).toBe(402);
    expect(reused.json()).toMatchObject({
      reason: 'PAYMENT_METHOD_INVALID',
      messageKey: 'payment_methodInvalid_error',
    });
  });

  it.each([
    [
      'the declined test card',
      { number: '4000111111111115' },
      'PROCESSOR_DECLINED',
      'payment_declined_error',
    ],
    ['CVV 200 (does not match)', { cvv: '200' }, 'CVV', 'payment_cvvDeclined_error'],
    ['CVV 201 (not verified)', { cvv: '201' }, 'CVV', 'payment_cvvDeclined_error'],
    [
      'postal code 20000 (does not match)',
      { postalCode: '20000' },
      'AVS',
      'payment_postalDeclined_error',
    ],
  ])('declines %s like Braintree’s sandbox', async (_name, change, reason, messageKey) => {
    const nonce = await nonceFor({ ...CARD, ...change });
    const res = await payWith(await signupReadyToPay(app), nonce);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', reason, messageKey });
  });

  it.each(['5555555555554444', '378282246310005', '6011111111111117'])(
    'accepts test card %s',
    async (number) => {
      const cvv = number.startsWith('3') ? '1234' : '123';
      const nonce = await nonceFor({ number, expirationDate: `10/${NEXT_YEAR}`, cvv });
      expect((await payWith(await signupReadyToPay(app), nonce)).statusCode).toBe(200);
    },
  );
});

describe('the sandbox endpoints outside development', () => {
  const ctx = useTestDatabase('pglite');

  it('are not registered in production (nor with Braintree configured)', async () => {
    const production = await buildTestApp(ctx.database, { env: PRODUCTION_TEST_ENV });
    try {
      const res = await production.inject({
        method: 'POST',
        url: '/v2/payment/sandbox/tokenize',
        payload: CARD,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('the client token says which gateway the browser talks to', async () => {
    const app = await buildTestApp(ctx.database);
    try {
      const res = await app.inject({ method: 'GET', url: '/v2/payment/client-token?country=GB' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ provider: 'sandbox', merchantCurrency: 'GBP' });
      expect(res.json().clientToken).toMatch(/^sandbox_/);
      const none = await app.inject({ method: 'GET', url: '/v2/payment/client-token' });
      expect(none.json().merchantCurrency).toBe('USD');
    } finally {
      await app.close();
    }
  });

  it('limits client tokens per client (each one is a call to the gateway)', async () => {
    const app = await buildTestApp(ctx.database, {
      env: { RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '2' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/v2/payment/client-token' });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
