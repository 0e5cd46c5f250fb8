import { enMessages, esMXMessages } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { signupBilling, signups } from '../../db/schema.js';
import {
  billingBody,
  createSignup,
  getSignup,
  saveBilling,
  savePackage,
  signupAtStep3,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

describe.each(BACKENDS)(
  'PATCH /v2/signups/:signupId billing (PARENT + ADDRESS) on %s',
  (backend) => {
    const ctx = useTestDatabase(backend);
    let app: App;

    beforeAll(async () => {
      app = await buildTestApp(ctx.database, {
        env: { RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000' },
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    async function atPayment(): Promise<TestSignup> {
      const signup = await signupAtStep3(app);
      expect((await savePackage(app, signup, { order: { packageId: 3003 } })).statusCode).toBe(200);
      return signup;
    }

    it('saves the billing and answers that consent is not required in the US', async () => {
      const signup = await atPayment();
      const res = await saveBilling(
        app,
        signup,
        billingBody({
          sections: ['PARENT', 'ADDRESS', 'REFERRAL'],
          parent: { firstName: 'Ana', lastName: 'López', email: signup.email.toUpperCase() },
          address: { line2: 'Apt 4', postalCode: '73301-1234' },
          referral: { selection: 'COURT_ORDERED', other: 'Judge Ruiz' },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ validationErrors: [], consentRequired: false });
      const state = (await getSignup(app, signup)).json();
      expect(state.billing).toEqual({
        address: {
          line1: '1 Main St',
          line2: 'Apt 4',
          city: 'Austin',
          region: 'TX',
          postalCode: '73301-1234',
          country: 'US',
        },
        timeZone: 'America/Chicago',
        referral: { selection: 'COURT_ORDERED', other: 'Judge Ruiz' },
        consentRequired: false,
      });
      expect(state.lastCompletedStep).toBe(3);
      expect(state.paid).toBe(false);
    });

    it('answers consentRequired outside the US, and keeps the referral when resaved without it', async () => {
      const signup = await atPayment();
      await saveBilling(
        app,
        signup,
        billingBody({
          sections: ['PARENT', 'ADDRESS', 'REFERRAL'],
          referral: { selection: 'SEARCH_ENGINE' },
        }),
      );
      const res = await saveBilling(
        app,
        signup,
        billingBody({
          parent: { timeZone: 'Europe/London' },
          address: { country: 'GB', region: 'ENG', postalCode: 'sw1a 1aa', city: 'London' },
        }),
      );
      expect(res.json()).toEqual({ validationErrors: [], consentRequired: true });
      const [row] = await ctx.database.db
        .select()
        .from(signupBilling)
        .where(eq(signupBilling.signupId, signup.signupId));
      expect(row).toMatchObject({
        country: 'GB',
        postalCode: 'SW1A 1AA',
        referralSelection: 'SEARCH_ENGINE',
        line2: null,
      });
    });

    it('takes back the referral as GET answers it (a null follow-up is "not given")', async () => {
      const signup = await atPayment();
      const res = await saveBilling(
        app,
        signup,
        billingBody({
          sections: ['PARENT', 'ADDRESS', 'REFERRAL'],
          referral: { selection: 'SEARCH_ENGINE', other: null },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const { billing } = (await getSignup(app, signup)).json();
      expect(billing.referral).toEqual({ selection: 'SEARCH_ENGINE', other: null });
      const again = await saveBilling(
        app,
        signup,
        billingBody({ sections: ['PARENT', 'ADDRESS', 'REFERRAL'], referral: billing.referral }),
      );
      expect(again.statusCode, again.body).toBe(200);
    });

    it('answers 422 "Postal code is not valid" by the country’s format (nothing saved)', async () => {
      const signup = await atPayment();
      for (const [address, timeZone] of [
        [{ country: 'US', region: 'TX', postalCode: '7330' }, 'America/Chicago'],
        [{ country: 'CA', region: 'ON', postalCode: '12345' }, 'America/Toronto'],
        [{ country: 'GB', region: 'ENG', postalCode: '12345' }, 'Europe/London'],
      ] as const) {
        const res = await saveBilling(app, signup, billingBody({ address, parent: { timeZone } }));
        expect(res.statusCode, JSON.stringify(address)).toBe(422);
        expect(res.json().validationErrors).toEqual([
          { field: 'address.postalCode', text: 'Postal code is not valid', type: 'ERROR' },
        ]);
      }
      const spanish = await saveBilling(
        app,
        signup,
        billingBody({ address: { city: 'A' } }),
        'es-MX',
      );
      expect(spanish.json().validationErrors).toEqual([
        { field: 'address.city', text: esMXMessages.signup_city_error, type: 'ERROR' },
      ]);
      expect((await getSignup(app, signup)).json().billing).toBeNull();
    });

    it('answers 422 for a ZIP of another state or a postal code of another province, in the language (nothing saved)', async () => {
      const signup = await atPayment();
      const newYorkWithBeverlyHills = billingBody({
        address: { city: 'New York', region: 'NY', postalCode: '90210' },
        parent: { timeZone: 'America/New_York' },
      });
      const res = await saveBilling(app, signup, newYorkWithBeverlyHills);
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual([
        {
          field: 'address.postalCode',
          text: enMessages.payment_postalCodeState_error,
          type: 'ERROR',
        },
      ]);
      const spanish = await saveBilling(app, signup, newYorkWithBeverlyHills, 'es-MX');
      expect(spanish.json().validationErrors).toEqual([
        {
          field: 'address.postalCode',
          text: esMXMessages.payment_postalCodeState_error,
          type: 'ERROR',
        },
      ]);
      const albertaWithToronto = billingBody({
        address: { country: 'CA', city: 'Calgary', region: 'AB', postalCode: 'M5V 2T6' },
        parent: { timeZone: 'America/Edmonton' },
      });
      expect((await saveBilling(app, signup, albertaWithToronto)).json().validationErrors).toEqual([
        {
          field: 'address.postalCode',
          text: enMessages.payment_postalCodeProvince_error,
          type: 'ERROR',
        },
      ]);
      expect((await getSignup(app, signup)).json().billing).toBeNull();

      const newYork = billingBody({
        address: { city: 'New York', region: 'NY', postalCode: '10001' },
        parent: { timeZone: 'America/New_York' },
      });
      expect((await saveBilling(app, signup, newYork)).statusCode).toBe(200);
      expect((await getSignup(app, signup)).json().billing.address.region).toBe('NY');
    });

    it('answers 422 for a changed name or email (read-only here) and a missing referral', async () => {
      const signup = await atPayment();
      const res = await saveBilling(
        app,
        signup,
        billingBody({ parent: { firstName: 'Eva', email: 'other@example.com' } }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().validationErrors).toEqual([
        { field: 'parent.firstName', text: enMessages.billing_readOnly_error, type: 'ERROR' },
        { field: 'parent.email', text: enMessages.billing_readOnly_error, type: 'ERROR' },
      ]);
      const noReferral = await saveBilling(
        app,
        signup,
        billingBody({ sections: ['PARENT', 'ADDRESS', 'REFERRAL'] }),
      );
      expect(noReferral.json().validationErrors).toEqual([
        { field: 'referral.selection', text: enMessages.signup_hearAboutUs_error, type: 'ERROR' },
      ]);
    });

    it('updates the phone when it is sent, and the duplicate confirmation', async () => {
      const signup = await atPayment();
      const res = await saveBilling(
        app,
        signup,
        billingBody({
          parent: { phoneCountryCode: 'US_CANADA', phoneNumber: '5125550000' },
          parentDuplicateConfirmed: true,
        }),
      );
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.database.db
        .select()
        .from(signups)
        .where(eq(signups.id, signup.signupId));
      expect(row).toMatchObject({
        parentPhoneNumber: '5125550000',
        parentDuplicateConfirmed: true,
      });
    });

    it('answers 409 SECTION_OUT_OF_ORDER before a package is chosen (step 3)', async () => {
      const early = await createSignup(app);
      const res = await saveBilling(app, early);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'SECTION_OUT_OF_ORDER' });
    });
  },
);
