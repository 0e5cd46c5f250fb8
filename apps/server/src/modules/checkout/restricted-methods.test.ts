import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import { payments, sandboxTransactions } from '../../db/schema.js';
import {
  paymentRequest,
  postPayment,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

/** hide-paypal on for visitors whose anonymous id starts "no-paypal", off for everyone else. */
const HIDE_PAYPAL = {
  state: 'ENABLED',
  variants: { on: true, off: false },
  defaultVariant: 'off',
  targeting: { if: [{ starts_with: [{ var: 'targetingKey' }, 'no-paypal'] }, 'on', 'off'] },
};

// A restriction hides a wallet in the browser (decision 011); a request that pays with it anyway
// is refused by the server, before anything is written or charged.
describe('POST /v2/signups/:signupId/payment with a restricted wallet', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    const flags = JSON.parse(await readFile(join(REPO_ROOT, 'e2e/flags.e2e.json'), 'utf8'));
    flags.flags['hide-paypal'] = HIDE_PAYPAL;
    const file = join(await mkdtemp(join(tmpdir(), 'flags-')), 'flags.json');
    await writeFile(file, JSON.stringify(flags));
    app = await buildTestApp(ctx.database, {
      env: {
        FLAGS_FILE: file,
        RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
        RATE_LIMIT_PRICING_PER_MINUTE: '10000',
        RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function payByPaypal(signup: TestSignup, language = 'en') {
    const body = await paymentRequest(app, signup, {
      payment: { nonce: 'fake-paypal-billing-agreement-nonce', paymentType: 'PAYPAL' },
    });
    return postPayment(app, signup, body, { language });
  }

  async function attemptsOf(signup: TestSignup) {
    return ctx.database.db.select().from(payments).where(eq(payments.signupId, signup.signupId));
  }

  it('refuses PayPal where hide-paypal is on, with the message beside the method, charging nothing', async () => {
    const before = (await ctx.database.db.select().from(sandboxTransactions)).length;
    const restricted = await signupReadyToPay(app, {
      segmentAnonymousId: `no-paypal-${randomUUID()}`,
    });
    const res = await payByPaypal(restricted);
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual([
      {
        field: 'payment.paymentType',
        text: 'This payment method is not available. Please choose another one.',
        type: 'ERROR',
      },
    ]);
    const spanish = await payByPaypal(restricted, 'es-MX');
    expect(spanish.json().validationErrors[0].text).toBe(
      'Esta forma de pago no está disponible. Elige otra.',
    );
    expect(await attemptsOf(restricted)).toEqual([]);
    expect(await ctx.database.db.select().from(sandboxTransactions)).toHaveLength(before);
  });

  it('takes PayPal from everyone else', async () => {
    const free = await signupReadyToPay(app, { segmentAnonymousId: randomUUID() });
    const res = await payByPaypal(free);
    expect(res.statusCode, res.body).toBe(200);
    expect((await attemptsOf(free)).map((p) => p.status)).toEqual(['COMPLETED']);
  });
});
