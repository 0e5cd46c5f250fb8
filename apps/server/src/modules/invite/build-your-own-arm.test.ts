import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPERIMENTS, PaymentResponseSchema, type PricingResponse } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import { payments } from '../../db/schema.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { seedInviteScenario } from './scenarios.js';

const PUBLIC_URL = 'https://join.example.test';

// The repository's flag file, with show-price-in-build-your-own in Treatment for an invited user
// (a user id in the invite flow): the server must evaluate it with that context for the pricing
// call and the payment alike.
const dir = mkdtempSync(join(tmpdir(), 'coparent-byo-arm-'));
const FLAGS_FILE = join(dir, 'flags.json');
const flags = JSON.parse(readFileSync(join(REPO_ROOT, 'flags/flags.json'), 'utf8'));
flags.flags[EXPERIMENTS.showPriceInBuildYourOwn].targeting = {
  if: [{ and: [{ var: 'userId' }, { '==': [{ var: 'flow' }, 'invite'] }] }, 'Treatment', 'Off'],
};
writeFileSync(FLAGS_FILE, JSON.stringify(flags));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BYO_ORDER = {
  packageId: 3005,
  productId: 'SUB1YEAR',
  services: ['MYFILES', 'TONEMETER', 'CALLSBASIC'],
};

describe.each(BACKENDS)('the invited co-parent’s build-your-own arm on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: { FLAGS_FILE, PUBLIC_URL } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is charged exactly the price shown in the treatment (pricing, then payment)', async () => {
    const invite = await seedInviteScenario('coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: PUBLIC_URL,
      inviteTtlDays: 14,
      now: () => new Date(),
    });
    const headers = { authorization: `Bearer ${invite.token}` };
    const current = await app.inject({ method: 'GET', url: '/v2/invites/current', headers });
    const { userId } = current.json() as { userId: string };
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/v2/users/${userId}`, headers, payload });
    const step1 = await patch({
      sections: ['PARENT'],
      parent: {
        userId,
        firstName: 'Bruno',
        lastName: 'López',
        email: invite.coParentEmail,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
    });
    expect(step1.statusCode, step1.body).toBe(200);
    const billing = await patch({
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId, timeZone: 'America/Chicago' },
      address: {
        line1: '9 Elm St',
        city: 'Austin',
        region: 'TX',
        postalCode: '73301',
        country: 'US',
      },
    });
    expect(billing.statusCode, billing.body).toBe(200);

    // A declared arm is not read: the flag file decides (Treatment here).
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/pricing`,
      headers,
      payload: {
        userId,
        orderDetail: BYO_ORDER,
        experiments: { [EXPERIMENTS.showPriceInBuildYourOwn]: 'Control' },
      },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const { totals } = priced.json() as PricingResponse;
    expect(totals.subTotal).toBe(7_999 + 1_500);

    const paid = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/payment`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: {
        order: BYO_ORDER,
        marketingOptIn: true,
        payment: {
          amountDisplayed: totals.total,
          taxAmountDisplayed: totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        segmentAnonymousId: `anon-${randomUUID()}`,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    PaymentResponseSchema.parse(paid.json());
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.invitedUserId, userId));
    expect(payment).toMatchObject({ status: 'COMPLETED', amount: totals.total });
  });
});
