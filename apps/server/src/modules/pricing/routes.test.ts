import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  esMXMessages,
  isInvalidPromo,
  type Package,
  type PricingResponse,
  PricingResponseSchema,
  parseMoney,
  translateMessage,
} from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import {
  createSignup,
  type Json,
  signupAtStep3,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

describe.each(BACKENDS)('pricing calls on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    // The browser suite's flag file: Treatment for anonymous ids starting "arm-treatment", else Off.
    app = await buildTestApp(ctx.database, {
      env: { FLAGS_FILE: join(REPO_ROOT, 'e2e/flags.e2e.json') },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function lookup(query: string) {
    const res = await app.inject({ method: 'GET', url: `/v2/pricing?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { pricingGroupName: string; packageIds: number[]; currencyCode: string };
  }

  async function packages(query: string, language = 'en'): Promise<Package[]> {
    const res = await app.inject({
      method: 'GET',
      url: `/v2/packages?${query}`,
      headers: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { packages: Package[] }).packages;
  }

  function price(signup: TestSignup, body: Json, language = 'en') {
    return app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/pricing`,
      headers: { 'x-registration-key': signup.registrationKey, language },
      payload: body,
    });
  }

  async function priceOk(signup: TestSignup, body: Json, language = 'en') {
    const res = await price(signup, body, language);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = res.json() as PricingResponse;
    expect(PricingResponseSchema.safeParse(parsed).success).toBe(true);
    return parsed;
  }

  const texas = {
    country: 'US',
    region: 'TX',
    city: 'Austin',
    line1: '1 Main St',
    postalCode: '73301',
  };

  describe('GET /v2/pricing', () => {
    it('gives the United States P3, in card order', async () => {
      expect(await lookup('country=US&countryCode=1&phoneNumber=2125551234')).toEqual({
        pricingGroupName: 'P3',
        packageIds: [3001, 3002, 3003, 3004, 3005, 3006],
        country: 'US',
        currencyCode: 'USD',
      });
    });

    it('gives Canada, Ireland, Australia, New Zealand and Mexico P2 in their currencies', async () => {
      for (const [country, currency] of [
        ['CA', 'CAD'],
        ['IE', 'EUR'],
        ['AU', 'AUD'],
        ['NZ', 'NZD'],
        ['MX', 'MXN'],
      ] as const) {
        expect(await lookup(`country=${country}`), country).toMatchObject({
          pricingGroupName: 'P2',
          packageIds: [2001, 2002, 2003, 2004, 2005, 2006],
          currencyCode: currency,
        });
      }
    });

    it('gives the United Kingdom P2 with its two VAT packages', async () => {
      expect(await lookup('country=GB')).toMatchObject({
        pricingGroupName: 'P2',
        packageIds: [2061, 2063],
        currencyCode: 'GBP',
      });
    });

    it('gives any other country P0, in dollars', async () => {
      expect(await lookup('country=FR&countryCode=1')).toMatchObject({
        pricingGroupName: 'P0',
        packageIds: [1001],
        currencyCode: 'USD',
      });
    });

    it('falls back to the phone when the country is unknown (area code splits +1)', async () => {
      expect(await lookup('countryCode=1&phoneNumber=4165551234')).toMatchObject({
        pricingGroupName: 'P2',
        country: 'CA',
        currencyCode: 'CAD',
      });
      expect(await lookup('countryCode=1&phoneNumber=2125551234')).toMatchObject({
        pricingGroupName: 'P3',
        country: 'US',
      });
      expect(await lookup('country=&countryCode=44')).toMatchObject({
        pricingGroupName: 'P2',
        packageIds: [2061, 2063],
      });
      expect(await lookup('country=ZZ&countryCode=%2B52')).toMatchObject({
        pricingGroupName: 'P2',
        currencyCode: 'MXN',
      });
    });

    it('gives P0 when nothing is known', async () => {
      expect(await lookup('')).toEqual({
        pricingGroupName: 'P0',
        packageIds: [1001],
        country: null,
        currencyCode: 'USD',
      });
    });
  });

  describe('GET /v2/packages', () => {
    it('lists packages in card order, priced and formatted for the country', async () => {
      const list = await packages('ids=3003,3001&country=US');
      expect(list.map((p) => p.id)).toEqual([3001, 3003]);
      expect(list[0]).toMatchObject({
        code: 'ESS1',
        pricingGroup: 'P3',
        displayName: 'Essentials · 1 year',
        buildYourOwn: false,
        subDurationInYears: 1,
        subscription: 'SUB1YEAR',
        totalPrice: 9_999,
        totalPriceFormatted: '$99.99',
        currencyCode: 'USD',
        currencySymbol: '$',
        vatAmount: 0,
        vatAmountFormatted: '$0.00',
        pricesIncludeTax: false,
        taxWording: 'TAX',
        analyticsPackage: 'P3 Essentials 1yr US',
        packageName: 'essentials-1y',
        options: [],
      });
    });

    it('answers in Spanish, and prices Mexico in pesos', async () => {
      const [essentials] = await packages('country=MX', 'es-MX');
      expect(essentials).toMatchObject({
        id: 2001,
        displayName: 'Esencial · 1 año',
        receiptText: 'Suscripción Esencial, se cobra cada año',
        features: expect.arrayContaining(['Calendario de crianza compartido']),
        recommended: false,
        totalPrice: 179_900,
        totalPriceFormatted: '$1,799.00\u00a0MXN',
        currencyCode: 'MXN',
        currencySymbol: '$',
      });
      const [english] = await packages('country=MX', 'en');
      expect(english).toMatchObject({
        displayName: 'Essentials · 1 year',
        features: expect.arrayContaining(['Shared parenting calendar']),
        totalPriceFormatted: 'MX$1,799.00',
      });
    });

    it('formats Canadian dollars for Canada', async () => {
      const list = await packages('country=CA');
      expect(list[0]).toMatchObject({
        id: 2001,
        totalPrice: 12_999,
        totalPriceFormatted: '$129.99',
      });
    });

    it('shows VAT wording and the VAT part for the GB packages 2061 and 2063', async () => {
      const list = await packages('ids=2061,2063&country=GB');
      expect(
        list.map((p) => [p.id, p.taxWording, p.totalPrice, p.vatAmount, p.vatAmountFormatted]),
      ).toEqual([
        [2061, 'VAT', 11_999, 2_000, '£20.00'],
        [2063, 'VAT', 19_999, 3_333, '£33.33'],
      ]);
      expect(list[0]).toMatchObject({
        pricesIncludeTax: true,
        currencySymbol: '£',
        totalPriceFormatted: '£119.99',
      });
      // Even without the country, a GB package shows its VAT in pounds.
      const [alone] = await packages('ids=2061');
      expect(alone).toMatchObject({ currencyCode: 'GBP', vatAmount: 2_000, taxWording: 'VAT' });
    });

    it('shows the included GST in Australia', async () => {
      const [first] = await packages('country=AU');
      expect(first).toMatchObject({
        totalPrice: 14_999,
        vatAmount: 1_364,
        pricesIncludeTax: true,
        taxWording: 'TAX',
      });
    });

    it('lists the build-your-own options with their prices and the free-in-treatment flag', async () => {
      const [byo] = await packages('ids=3005&country=US', 'es-MX');
      expect(byo?.buildYourOwn).toBe(true);
      expect(byo?.options).toEqual([
        {
          code: 'MYFILES',
          key: 'myfiles',
          name: 'Mis archivos (1 GB de almacenamiento)',
          amount: 1_000,
          amountFormatted: '$10.00',
          freeInTreatment: true,
        },
        {
          code: 'TONEMETER',
          key: 'tonemeter',
          name: 'ToneMeter',
          amount: 1_500,
          amountFormatted: '$15.00',
          freeInTreatment: false,
        },
        {
          code: 'UNLIMITEDPAYMENTS',
          key: 'unlimitedPayments',
          name: 'Pagos ilimitados',
          amount: 2_000,
          amountFormatted: '$20.00',
          freeInTreatment: false,
        },
        {
          code: 'CALLSBASIC',
          key: 'calls',
          name: 'Llamadas',
          amount: 1_000,
          amountFormatted: '$10.00',
          freeInTreatment: true,
        },
      ]);
    });

    it('leaves out unknown ids and answers 422 for malformed ones', async () => {
      expect((await packages('ids=999999,1001')).map((p) => p.id)).toEqual([1001]);
      const res = await app.inject({ method: 'GET', url: '/v2/packages?ids=abc' });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('GET /v2/signups/:signupId/coupons', () => {
    function coupons(signup: TestSignup, language = 'en', query = '') {
      return app.inject({
        method: 'GET',
        url: `/v2/signups/${signup.signupId}/coupons${query}`,
        headers: { 'x-registration-key': signup.registrationKey, language },
      });
    }

    it('lists the public promotions with banner text', async () => {
      const signup = await signupAtStep3(app);
      const res = await coupons(signup);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        coupons: [
          {
            couponCode: 'SPRING20',
            source: 'PROMOTION',
            description: 'Premium offer: 20% off',
            bannerText: '20% off Premium with code SPRING20',
            percent: 20,
            amount: null,
            amountFormatted: null,
            currencyCode: 'USD',
            packageCodes: ['PREM1', 'PREM2'],
            autoApply: false,
          },
        ],
      });
    });

    it('puts the referrer discount first, with its own percentage, in Spanish too', async () => {
      const signup = await signupAtStep3(app, { referrerKey: 'demo-coach' });
      const res = await coupons(signup, 'es-MX');
      const [first] = res.json().coupons;
      expect(first).toMatchObject({
        couponCode: 'FRIEND15',
        source: 'REFERRER',
        percent: 15,
        autoApply: true,
        bannerText: '15% de descuento, gracias a Family Coach Demo',
      });
    });

    it('answers 403 without the registration key', async () => {
      const signup = await signupAtStep3(app);
      const res = await app.inject({
        method: 'GET',
        url: `/v2/signups/${signup.signupId}/coupons`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('REGISTRATION_KEY_INVALID');
    });
  });

  describe('POST /v2/signups/:signupId/country-check', () => {
    function check(signup: TestSignup, packageId: unknown, countryCriteria: Json) {
      return app.inject({
        method: 'POST',
        url: `/v2/signups/${signup.signupId}/country-check`,
        headers: { 'x-registration-key': signup.registrationKey },
        payload: { packageId, countryCriteria },
      });
    }

    it('answers 200 when the package fits the country', async () => {
      const signup = await signupAtStep3(app);
      const res = await check(signup, 3003, {
        countryCode: '1',
        phoneNumber: '2125551234',
        country: 'US',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ pricingGroupName: 'P3', country: 'US' });
      expect((await check(signup, 2061, { countryCode: '44', country: 'GB' })).statusCode).toBe(
        200,
      );
      expect(
        (await check(signup, 2001, { countryCode: '1', phoneNumber: '4165551234' })).statusCode,
      ).toBe(200);
    });

    it('answers 409 COUNTRY_MISMATCH when the group or the currency does not fit', async () => {
      const signup = await signupAtStep3(app);
      for (const [packageId, criteria] of [
        [3003, { country: 'GB', countryCode: '44' }],
        [2061, { country: 'IE' }],
        [2001, { country: 'US' }],
        [1001, { country: 'MX' }],
      ] as const) {
        const res = await check(signup, packageId, criteria);
        expect(res.statusCode, `${packageId}`).toBe(409);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ code: 'COUNTRY_MISMATCH', status: 409 });
      }
    });

    it('answers 422 for an unknown package', async () => {
      const signup = await signupAtStep3(app);
      const res = await check(signup, 999_999, { country: 'US' });
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual([
        { field: 'packageId', text: 'Choose a package', type: 'ERROR' },
      ]);
    });
  });

  describe('POST /v2/signups/:signupId/pricing', () => {
    it('prices from the catalog and ignores any amount in the body (Texas sales tax)', async () => {
      const signup = await signupAtStep3(app);
      const pricing = await priceOk(signup, {
        address: texas,
        limboId: signup.signupId,
        orderDetail: { packageId: 3003, totalPrice: 1, amount: 1 },
        payForCoparent: false,
        paymentCodes: [],
        promoCodes: [],
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125551234',
        totals: { total: 1, subTotal: 1 },
        amountDisplayed: 1,
        taxAmountDisplayed: 0,
      });
      expect(pricing.totals).toEqual({
        currencyCode: 'USD',
        selectedPackageTotal: 14_999,
        selectedPackageTotalFormatted: '$149.99',
        subTotal: 14_999,
        subTotalFormatted: '$149.99',
        subTotalAfterDiscount: 14_999,
        subTotalAfterDiscountFormatted: '$149.99',
        paymentCodeTotal: 0,
        paymentCodeTotalFormatted: '$0.00',
        taxAmount: 937,
        taxAmountFormatted: '$9.37',
        total: 15_936,
        totalFormatted: '$159.36',
      });
      expect(pricing).toMatchObject({
        couponDetail: null,
        payForCoParent: false,
        paymentCodeDetails: [],
        taxesCalculated: true,
        finalPrice: true,
        taxId: 'table-2025-04:US-TX',
      });
      expect(pricing.request).toMatchObject({
        country: 'US',
        region: 'TX',
        pricingGroupName: 'P3',
      });
    });

    it('is not final before the state is known', async () => {
      const signup = await signupAtStep3(app);
      const pricing = await priceOk(signup, { orderDetail: { packageId: 3003 } });
      expect(pricing).toMatchObject({ taxesCalculated: false, finalPrice: false });
      expect(pricing.totals.total).toBe(14_999);
    });

    it('doubles the package and its VAT when paying for the co-parent (GB 2061)', async () => {
      const signup = await signupAtStep3(app, {
        phoneCountryCode: 'UNITED_KINGDOM',
        phoneNumber: '7700900123',
      });
      const one = await priceOk(signup, {
        address: { country: 'GB' },
        orderDetail: { packageId: 2061 },
      });
      const two = await priceOk(signup, {
        address: { country: 'GB' },
        orderDetail: { packageId: 2061 },
        payForCoparent: true,
      });
      expect(one.totals).toMatchObject({
        total: 11_999,
        taxAmount: 2_000,
        taxAmountFormatted: '£20.00',
      });
      expect(two.payForCoParent).toBe(true);
      expect(two.totals).toMatchObject({
        selectedPackageTotal: 23_998,
        total: 23_998,
        taxAmount: 4_000,
        totalFormatted: '£239.98',
      });
      expect(two.taxes).toEqual([
        {
          kind: 'VAT',
          jurisdiction: 'GB',
          ratePercent: '20',
          amount: 4_000,
          amountFormatted: '£40.00',
          included: true,
        },
      ]);
    });

    it('applies a promo code and a subscription code together', async () => {
      const signup = await signupAtStep3(app);
      const pricing = await priceOk(signup, {
        address: texas,
        orderDetail: { packageId: 3003 },
        payForCoparent: true,
        promoCodes: [' spring20 '],
        paymentCodes: ['pro-prem1-demo1'],
      });
      expect(pricing.couponDetail).toEqual({
        couponCode: 'SPRING20',
        description: 'Premium offer: 20% off',
        discount: 6_000,
        discountFormatted: '$60.00',
        percent: 20,
      });
      expect(pricing.paymentCodeDetails).toEqual([
        { code: 'PRO-PREM1-DEMO1', amount: 14_999, amountFormatted: '$149.99' },
      ]);
      expect(pricing.totals).toMatchObject({
        subTotal: 29_998,
        subTotalAfterDiscount: 23_998,
        paymentCodeTotal: 14_999,
        taxAmount: 562,
        total: 9_561,
      });
      expect(isInvalidPromo(['spring20'], pricing)).toBe(false);
    });

    it('does not apply an invalid, expired or ineligible promo code: the detection flags it', async () => {
      const signup = await signupAtStep3(app);
      for (const code of ['NOPE', 'EXPIRED5', 'SPRING20']) {
        // SPRING20 is for Premium only; 3001 is Essentials.
        const pricing = await priceOk(signup, {
          address: texas,
          orderDetail: { packageId: 3001 },
          promoCodes: [code],
        });
        expect(pricing.couponDetail, code).toBeNull();
        expect(pricing.totals.total).toBe(9_999 + 625); // 9999 × 6.25% = 624.94 → 625
        expect(isInvalidPromo([code], pricing)).toBe(true);
      }
    });

    it('applies an amount promo in the visitor currency', async () => {
      const signup = await signupAtStep3(app, {
        phoneCountryCode: 'MEXICO',
        phoneNumber: '5512345678',
      });
      const pricing = await priceOk(
        signup,
        { address: { country: 'MX' }, orderDetail: { packageId: 2001 }, promoCodes: ['SAVE15'] },
        'es-MX',
      );
      // 179900 − 25000 = 154900; IVA 16% = 24784; total 179684.
      expect(pricing.couponDetail).toMatchObject({
        couponCode: 'SAVE15',
        discount: 25_000,
        percent: 13,
      });
      expect(pricing.totals).toMatchObject({
        currencyCode: 'MXN',
        taxAmount: 24_784,
        total: 179_684,
        totalFormatted: '$1,796.84\u00a0MXN',
      });
      expect(pricing.taxes[0]).toMatchObject({ kind: 'IVA', ratePercent: '16', included: false });
    });

    it('adds GST and QST in Quebec', async () => {
      const signup = await signupAtStep3(app, { phoneNumber: '5145551234' });
      const pricing = await priceOk(signup, {
        address: { country: 'CA', region: 'QC' },
        orderDetail: { packageId: 2003 },
      });
      // 18999: GST 949.95 → 950; QST 1895.15 → 1895.
      expect(pricing.taxes.map((t) => [t.kind, t.amount])).toEqual([
        ['GST', 950],
        ['QST', 1_895],
      ]);
      expect(pricing.totals).toMatchObject({
        currencyCode: 'CAD',
        total: 21_844,
        totalFormatted: '$218.44',
      });
    });

    it('answers 422 with the reason for unknown, used, expired or misfitting codes', async () => {
      const signup = await signupAtStep3(app);
      for (const [code, key] of [
        ['NOPE-123', 'code_unknown_error'],
        ['PRO-USED-DEMO1', 'code_used_error'],
        ['PRO-OLD-DEMO1', 'code_expired_error'],
        ['PRO-ESS1-DEMO1', 'code_otherPackageChosen_error'],
        ['PRO-GBP40-DEMO1', 'code_otherCountry_error'],
      ] as const) {
        const res = await price(signup, {
          address: texas,
          orderDetail: { packageId: 3003 },
          paymentCodes: ['', code],
        });
        expect(res.statusCode, code).toBe(422);
        expect(res.json().validationErrors, code).toEqual([
          {
            field: 'paymentCodes.1',
            text: translateMessage(key, 'en', {
              packages: 'Essentials · 1 year',
              chosen: 'Premium · 1 year',
            }),
            type: 'ERROR',
            key,
          },
        ]);
      }
      const twice = await price(signup, {
        address: texas,
        orderDetail: { packageId: 3003 },
        paymentCodes: ['PRO-USD50-DEMO1', 'pro-usd50-demo1'],
      });
      expect(twice.json().validationErrors.map((e: { field: string }) => e.field)).toEqual([
        'paymentCodes.1',
      ]);
      const spanish = await price(
        signup,
        { orderDetail: { packageId: 3003 }, paymentCodes: ['NOPE-123'] },
        'es-MX',
      );
      expect(spanish.json().validationErrors[0].text).toBe(esMXMessages.code_unknown_error);
    });

    it('names the packages a code is for, and the one chosen, so the code can be removed', async () => {
      const signup = await signupAtStep3(app);
      const body = {
        address: texas,
        orderDetail: { packageId: 3001 },
        paymentCodes: ['PRO-PREM1-DEMO1'],
      };
      const english = await price(signup, body);
      expect(english.statusCode).toBe(422);
      expect(english.json().validationErrors).toEqual([
        {
          field: 'paymentCodes.0',
          text: 'This code is only for Premium · 1 year, not for Essentials · 1 year.',
          type: 'ERROR',
          key: 'code_otherPackageChosen_error',
        },
      ]);
      const spanish = await price(signup, body, 'es-MX');
      expect(spanish.json().validationErrors[0]).toMatchObject({
        text: 'Este código es solo para Premium · 1 año, no para Esencial · 1 año.',
        key: 'code_otherPackageChosen_error',
      });
    });

    it('applies the referrer discount from its record, and keeps it when a promo is invalid', async () => {
      const signup = await signupAtStep3(app, { referrerKey: 'demo-coach' });
      const pricing = await priceOk(signup, { address: texas, orderDetail: { packageId: 3003 } });
      // 15% of 14999 = 2249.85 → 2250.
      expect(pricing.couponDetail).toMatchObject({
        couponCode: 'FRIEND15',
        discount: 2_250,
        percent: 15,
      });
      const withBadPromo = await priceOk(signup, {
        address: texas,
        orderDetail: { packageId: 3003 },
        promoCodes: ['NOPE'],
      });
      expect(withBadPromo.couponDetail?.couponCode).toBe('FRIEND15');
      expect(isInvalidPromo(['NOPE'], withBadPromo)).toBe(true);
      const withPromo = await priceOk(signup, {
        address: texas,
        orderDetail: { packageId: 3003 },
        promoCodes: ['WELCOME10'],
      });
      expect(withPromo.couponDetail).toMatchObject({ couponCode: 'WELCOME10', discount: 1_500 });
    });

    const byoOrder = {
      packageId: 3005,
      productId: 'SUB1YEAR',
      services: ['MYFILES', 'TONEMETER', 'CALLSBASIC'],
    };

    it('prices build-your-own from its options; MYFILES and CALLSBASIC are free in the treatment', async () => {
      const off = await signupAtStep3(app, { segmentAnonymousId: randomUUID() });
      const control = await priceOk(off, { orderDetail: byoOrder });
      expect(control.totals.subTotal).toBe(7_999 + 1_000 + 1_500 + 1_000);
      const inTreatment = await signupAtStep3(app, {
        segmentAnonymousId: `arm-treatment-${randomUUID()}`,
      });
      const treatment = await priceOk(inTreatment, { orderDetail: byoOrder });
      expect(treatment.totals.subTotal).toBe(7_999 + 1_500);
    });

    it('prices a visitor who declares the treatment in the body as the flag file says (Off)', async () => {
      const signup = await signupAtStep3(app, { segmentAnonymousId: randomUUID() });
      const declared = await priceOk(signup, {
        orderDetail: byoOrder,
        experiments: { 'show-price-in-build-your-own': 'Treatment' },
      });
      expect(declared.totals.subTotal).toBe(7_999 + 1_000 + 1_500 + 1_000);
    });

    it('answers 422 for a build-your-own order without its term or with foreign options', async () => {
      const signup = await signupAtStep3(app);
      const noTerm = await price(signup, {
        orderDetail: { packageId: 3005, services: ['MYFILES'] },
      });
      expect(noTerm.statusCode).toBe(422);
      expect(noTerm.json().validationErrors[0].field).toBe('orderDetail.productId');
      const services = await price(signup, {
        orderDetail: { packageId: 3003, services: ['MYFILES'] },
      });
      expect(services.json().validationErrors[0].field).toBe('orderDetail.services');
      const unknown = await price(signup, { orderDetail: { packageId: 42 } });
      expect(unknown.json().validationErrors[0]).toMatchObject({
        field: 'orderDetail.packageId',
        text: 'Choose a package',
      });
    });

    it('answers 409 COUNTRY_MISMATCH for a package not sold in the billing country', async () => {
      const signup = await signupAtStep3(app);
      const res = await price(signup, {
        address: { country: 'GB' },
        orderDetail: { packageId: 3003 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('COUNTRY_MISMATCH');
    });

    it('answers 422 for another signup id, an unknown country or a region of another country', async () => {
      const signup = await signupAtStep3(app);
      const other = await price(signup, {
        limboId: '00000000-0000-4000-8000-000000000000',
        orderDetail: { packageId: 3003 },
      });
      expect(other.json().validationErrors[0].field).toBe('limboId');
      const country = await price(signup, {
        address: { country: 'XX' },
        orderDetail: { packageId: 3003 },
      });
      expect(country.json().validationErrors[0].field).toBe('address.country');
      const region = await price(signup, {
        address: { country: 'US', region: 'ON' },
        orderDetail: { packageId: 3003 },
      });
      expect(region.json().validationErrors[0].field).toBe('address.region');
    });

    it('answers 403 with a wrong key and 404 for an unknown signup', async () => {
      const signup = await createSignup(app);
      const wrong = await app.inject({
        method: 'POST',
        url: `/v2/signups/${signup.signupId}/pricing`,
        headers: { 'x-registration-key': 'nope' },
        payload: { orderDetail: { packageId: 3003 } },
      });
      expect(wrong.statusCode).toBe(403);
      const missing = await app.inject({
        method: 'POST',
        url: '/v2/signups/00000000-0000-4000-8000-000000000000/pricing',
        headers: { 'x-registration-key': signup.registrationKey },
        payload: { orderDetail: { packageId: 3003 } },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('every formatted amount of an answer parses back to its integer', async () => {
      const signup = await signupAtStep3(app);
      const pricing = await priceOk(signup, {
        address: texas,
        orderDetail: { packageId: 3004 },
        promoCodes: ['SAVE15'],
      });
      for (const [key, value] of Object.entries(pricing.totals)) {
        if (key.endsWith('Formatted') || key === 'currencyCode') continue;
        const formatted = (pricing.totals as Record<string, unknown>)[`${key}Formatted`] as string;
        expect(Number.isInteger(value)).toBe(true);
        expect(parseMoney(formatted, 'USD', 'en-US')).toBe(value);
      }
    });
  });
});
