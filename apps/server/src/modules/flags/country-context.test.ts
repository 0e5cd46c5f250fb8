import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PricingResponse } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import {
  billingBody,
  saveBilling,
  savePackage,
  signupAtStep3,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

/** show-price-in-build-your-own in Treatment for visitors from Mexico only (a rule on country). */
const COUNTRY_RULE = {
  state: 'ENABLED',
  variants: { Control: 'Control', Treatment: 'Treatment', Off: 'Off' },
  defaultVariant: 'Off',
  targeting: { if: [{ '==': [{ var: 'country' }, 'MX'] }, 'Treatment', 'Off'] },
};

const ALL_OPTIONS = ['MYFILES', 'TONEMETER', 'CALLSBASIC'];

// The browser's flag context carries the visitor's country (the saved billing country, else the
// step-1 phone's); the server decides the show-price-in-build-your-own arm with the same, so a
// flag rule on country prices what the browser showed.
describe('the country in the server’s flag context', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flags-'));
    const file = join(dir, 'flags.json');
    const flags = JSON.parse(await readFile(join(REPO_ROOT, 'e2e/flags.e2e.json'), 'utf8'));
    flags.flags['show-price-in-build-your-own'] = COUNTRY_RULE;
    await writeFile(file, JSON.stringify(flags));
    app = await buildTestApp(ctx.database, {
      env: { FLAGS_FILE: file, RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function subTotal(signup: TestSignup, body: Record<string, unknown>): Promise<number> {
    const res = await app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/pricing`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PricingResponse).totals.subTotal;
  }

  const mexicanAtStep3 = () =>
    signupAtStep3(app, {
      phoneCountryCode: 'MEXICO',
      phoneNumber: '5512345678',
      segmentAnonymousId: randomUUID(),
    });
  const BYO_P2 = { packageId: 2005, productId: 'SUB1YEAR', services: ALL_OPTIONS };
  const TORONTO = {
    country: 'CA',
    region: 'ON',
    city: 'Toronto',
    line1: '1 King St',
    postalCode: 'M5V 2T6',
  };

  it('takes the country of the step-1 phone', async () => {
    // Mexico is in the Treatment: MYFILES and CALLSBASIC are free.
    const mexican = await mexicanAtStep3();
    const inTreatment = await subTotal(mexican, { orderDetail: BYO_P2 });
    const full = await subTotal(mexican, { orderDetail: { ...BYO_P2, services: ['TONEMETER'] } });
    expect(inTreatment).toBe(full);
    // The United States is not: every option is charged.
    const american = await signupAtStep3(app, { segmentAnonymousId: randomUUID() });
    expect(
      await subTotal(american, {
        orderDetail: { packageId: 3005, productId: 'SUB1YEAR', services: ALL_OPTIONS },
      }),
    ).toBe(7_999 + 1_000 + 1_500 + 1_000);
  });

  it('takes the saved billing country over the phone’s', async () => {
    const unbilled = await mexicanAtStep3();
    const billedInCanada = await mexicanAtStep3();
    expect(
      (await savePackage(app, billedInCanada, { order: { packageId: 2001 } })).statusCode,
    ).toBe(200);
    const billed = await saveBilling(
      app,
      billedInCanada,
      billingBody({ parent: { timeZone: 'America/Toronto' }, address: TORONTO }),
    );
    expect(billed.statusCode, billed.body).toBe(200);

    const body = { address: TORONTO, orderDetail: BYO_P2 };
    // Both priced in Canadian dollars for Toronto; only the one billed there is out of the arm.
    expect(await subTotal(billedInCanada, body)).toBeGreaterThan(await subTotal(unbilled, body));
  });

  it('records the arm of the country with a saved build-your-own order, and prices it so', async () => {
    const mexican = await mexicanAtStep3();
    await savePackage(app, mexican, { order: { packageId: 2005 } });
    const saved = await savePackage(app, mexican, {
      order: { packageId: 2005 },
      buildYourOwn: { subscription: 'SUB1YEAR', myfiles: true, tonemeter: true, calls: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The saved, complete order is priced in the arm it was chosen in: the two options free.
    expect(await subTotal(mexican, { orderDetail: BYO_P2 })).toBe(
      await subTotal(mexican, { orderDetail: { ...BYO_P2, services: ['TONEMETER'] } }),
    );
  });
});
