import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { orderPricingBody, type Package } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import {
  createSignup,
  getSignup,
  saveFamily,
  savePackage,
  signupAtStep3,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { DEMO_ACCOUNT, seedDemoData } from '../account/seed.js';

describe.each(BACKENDS)('PATCH /v2/signups/:signupId section PACKAGE on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    // The browser suite's flag file: Treatment for anonymous ids starting "arm-treatment", else Off.
    app = await buildTestApp(ctx.database, {
      env: { FLAGS_FILE: join(REPO_ROOT, 'e2e/flags.e2e.json') },
    });
    await seedDemoData(ctx.database.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function state(signup: TestSignup) {
    const res = await getSignup(app, signup);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function coupons(signup: TestSignup) {
    return app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/coupons`,
      headers: { 'x-registration-key': signup.registrationKey },
    });
  }

  it('answers 409 SECTION_OUT_OF_ORDER before the family step', async () => {
    const signup = await createSignup(app);
    const res = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SECTION_OUT_OF_ORDER' });
    expect((await state(signup)).lastCompletedStep).toBe(1);
  });

  it('saves a package: step 3, and GET returns the order', async () => {
    const signup = await signupAtStep3(app);
    expect((await state(signup)).order).toBeNull();
    const res = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().validationErrors).toEqual([]);
    expect(await state(signup)).toMatchObject({
      lastCompletedStep: 3,
      order: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
      buildYourOwn: null,
      pendingBuildYourOwnPackageId: null,
    });
  });

  it('answers the signup as GET reads it and the price /payment asks first (issue [F8])', async () => {
    // The referrer's discount shows the price is the server's own, coupons applied.
    const signup = await signupAtStep3(app, { referrerKey: 'demo-coach' });
    const res = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const read = await state(signup);
    expect(answer.signup).toEqual(read);
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/pricing`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: orderPricingBody({
        order: read.order,
        phoneCountryCode: read.parent.phoneCountryCode,
        phoneNumber: read.parent.phoneNumber,
        payForCoparent: false,
        paymentCodes: [],
        promoCodes: [],
      }),
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(answer.pricing).toEqual(priced.json());
    expect(answer.pricing).toMatchObject({
      totals: { subTotal: 14_999 },
      couponDetail: { couponCode: 'FRIEND15' },
      request: { orderDetail: { packageId: 3003 }, payForCoparent: false, paymentCodes: [] },
    });
  });

  it('keeps step 2 for a build-your-own package, and records it as pending', async () => {
    const signup = await signupAtStep3(app);
    const res = await savePackage(app, signup, { order: { packageId: 3005 } });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing to price yet: /alacarte saves the values, and that save answers the price.
    expect(res.json()).toMatchObject({ signup: { order: null }, pricing: null });
    expect(await state(signup)).toMatchObject({
      lastCompletedStep: 2,
      order: null,
      pendingBuildYourOwnPackageId: 3005,
    });
  });

  function priceSavedByo(signup: TestSignup) {
    return app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/pricing`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: {
        orderDetail: {
          packageId: 3006,
          productId: 'SUB2YEAR',
          services: ['MYFILES', 'CALLSBASIC'],
        },
      },
    });
  }

  it('completes step 3 with the build-your-own values, switching to the chosen term', async () => {
    const signup = await signupAtStep3(app, {
      segmentAnonymousId: `arm-treatment-${randomUUID()}`,
    });
    await savePackage(app, signup, { order: { packageId: 3005 } });
    const res = await savePackage(app, signup, {
      order: { packageId: 3005 },
      buildYourOwn: { subscription: 'SUB2YEAR', myfiles: true, calls: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(signup)).toMatchObject({
      lastCompletedStep: 3,
      order: { packageId: 3006, productId: 'SUB2YEAR', services: ['MYFILES', 'CALLSBASIC'] },
      buildYourOwn: {
        subscription: 'SUB2YEAR',
        myfiles: true,
        tonemeter: false,
        unlimitedPayments: false,
        calls: true,
      },
      pendingBuildYourOwnPackageId: null,
    });
    // The flag file put this visitor in the treatment; the saved arm prices the order: both
    // options are free, in the save's answer too.
    expect((await priceSavedByo(signup)).json().totals.subTotal).toBe(13_999);
    expect(res.json().pricing.totals.subTotal).toBe(13_999);
  });

  it('saves the arm the flag file gives, never one the browser declares', async () => {
    const signup = await signupAtStep3(app, { segmentAnonymousId: randomUUID() });
    const res = await savePackage(app, signup, {
      order: { packageId: 3006 },
      buildYourOwn: { subscription: 'SUB2YEAR', myfiles: true, calls: true },
      experiments: { 'show-price-in-build-your-own': 'Treatment' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = await app.inject({ method: 'GET', url: '/v2/packages?ids=3006&country=US' });
    const [byo] = (listed.json() as { packages: Package[] }).packages;
    const freeInTreatment = byo?.options.filter((o) => o.freeInTreatment) ?? [];
    expect(freeInTreatment.map((o) => o.code).sort()).toEqual(['CALLSBASIC', 'MYFILES']);
    // Priced in Control (the visitor is Off): the options the treatment gives free are charged.
    expect((await priceSavedByo(signup)).json().totals.subTotal).toBe(
      13_999 + freeInTreatment.reduce((sum, o) => sum + o.amount, 0),
    );
  });

  it('accepts a complete build-your-own order as productId and services', async () => {
    const signup = await signupAtStep3(app);
    const res = await savePackage(app, signup, {
      order: { packageId: 2005, productId: 'SUB1YEAR', services: ['TONEMETER', 'MYFILES'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(signup)).order).toEqual({
      packageId: 2005,
      productId: 'SUB1YEAR',
      services: ['MYFILES', 'TONEMETER'],
    });
  });

  it('goes back to step 2 when build-your-own is chosen after another package', async () => {
    const signup = await signupAtStep3(app);
    await savePackage(app, signup, { order: { packageId: 3001 } });
    expect((await state(signup)).lastCompletedStep).toBe(3);
    await savePackage(app, signup, { order: { packageId: 3006 } });
    expect(await state(signup)).toMatchObject({
      lastCompletedStep: 2,
      order: null,
      pendingBuildYourOwnPackageId: 3006,
    });
  });

  it('answers 422 for an unknown package, a wrong term, or options on another package', async () => {
    const signup = await signupAtStep3(app);
    const cases = [
      [{ order: { packageId: 424242 } }, 'order.packageId', 'Choose a package'],
      [
        { order: { packageId: 3003, productId: 'SUB2YEAR' } },
        'order.productId',
        'Choose a subscription length',
      ],
      [
        { order: { packageId: 3003, services: ['MYFILES'] } },
        'order.services',
        'Choose from the options shown',
      ],
      [
        { order: { packageId: 3005, productId: 'SUB2YEAR', services: [] } },
        'order.productId',
        'Choose a subscription length',
      ],
      [
        { order: { packageId: 3005, productId: 'SUB1YEAR', services: ['GOLD'] } },
        'order.services.0',
        'Choose from the options shown',
      ],
      [{ order: { packageId: 'x' } }, 'order.packageId', 'Choose a package'],
    ] as const;
    for (const [body, field, text] of cases) {
      const res = await savePackage(app, signup, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().validationErrors, JSON.stringify(body)).toEqual([
        { field, text, type: 'ERROR' },
      ]);
    }
    expect((await state(signup)).lastCompletedStep).toBe(2);
  });

  it('answers 409 DUPLICATE_PARENT to a confirmed duplicate parent outside P0, and allows P0', async () => {
    const signup = await signupAtStep3(app, {
      email: DEMO_ACCOUNT.email,
      parentDuplicateConfirmed: true,
    });
    const res = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE_PARENT', status: 409 });
    expect((await savePackage(app, signup, { order: { packageId: 3005 } })).statusCode).toBe(409);
    expect((await state(signup)).order).toBeNull();
    const p0 = await savePackage(app, signup, { order: { packageId: 1001 } });
    expect(p0.statusCode, p0.body).toBe(200);
    expect((await state(signup)).lastCompletedStep).toBe(3);
  });

  describe('the family step’s X-Referrer-Key', () => {
    it('attaches a known referrer’s discount to the signup', async () => {
      const signup = await signupAtStep3(app, { referrerKey: 'demo-coach' });
      const list = (await coupons(signup)).json().coupons;
      expect(list[0]).toMatchObject({ source: 'REFERRER', couponCode: 'FRIEND15', percent: 15 });
    });

    it('keeps the referrer when the family is saved again without the header', async () => {
      const signup = await signupAtStep3(app, { referrerKey: 'demo-coach' });
      expect((await saveFamily(app, signup)).statusCode).toBe(200);
      expect((await coupons(signup)).json().coupons[0].source).toBe('REFERRER');
    });

    it('ignores unknown, retired and malformed keys safely', async () => {
      for (const key of [
        'no-such-referrer',
        'retired-partner',
        "x'; drop table referrers; --",
        'a'.repeat(500),
      ]) {
        const signup = await createSignup(app);
        const res = await saveFamily(app, signup, { 'x-referrer-key': key });
        expect(res.statusCode, key).toBe(200);
        const list = (await coupons(signup)).json().coupons as { source: string }[];
        expect(
          list.some((c) => c.source === 'REFERRER'),
          key,
        ).toBe(false);
      }
    });
  });
});
