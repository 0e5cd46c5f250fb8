import { enMessages, esMXMessages } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import {
  billingBody,
  type LoggedInParent,
  loggedInParent,
  priceSignup,
  signupReadyToPay,
  TEST_PASSWORD,
  uniqueUsername,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { seedInviteScenario } from '../invite/scenarios.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

const TEXAS = {
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '73301',
  country: 'US',
};

const ONTARIO = {
  line1: '200 King St W',
  line2: 'Suite 5',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'm5h 3t4',
  country: 'CA',
};

describe.each(BACKENDS)('account billing on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const getBilling = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/v2/account/billing', headers: cookie ? { cookie } : {} });
  const putBilling = (cookie: string | undefined, payload: unknown, language = 'en') =>
    app.inject({
      method: 'PUT',
      url: '/v2/account/billing',
      headers: { ...(cookie ? { cookie } : {}), language },
      payload: payload as Record<string, unknown>,
    });

  /** A second paid Parent A with another card (MasterCard 4444) and another street. */
  async function parentWithMasterCard(): Promise<LoggedInParent> {
    const signup = await signupReadyToPay(app, {
      billing: billingBody({ address: { line1: '9 Elm St' } }),
    });
    const price = await priceSignup(app, signup, {
      address: { ...TEXAS, line1: '9 Elm St' },
      orderDetail: { packageId: 3003 },
    });
    const paid = await app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: {
        'x-registration-key': signup.registrationKey,
        'idempotency-key': `test-mc-${signup.signupId}`,
      },
      payload: {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce: 'fake-valid-mastercard-nonce',
        },
        promoCodes: null,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json() as {
      clickToJoinToken: string;
      registration: { parent: { userId: string; email: string } };
    };
    const username = uniqueUsername('mc');
    const set = await app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { authorization: `Bearer ${answer.clickToJoinToken}` },
      payload: { username, password: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return {
      userId: answer.registration.parent.userId,
      email: answer.registration.parent.email,
      username,
      signup,
      cookie: String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '',
    };
  }

  it('answers 401 SESSION_REQUIRED without a session, for reading and for saving', async () => {
    const read = await getBilling();
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    const save = await putBilling(undefined, { address: TEXAS, timeZone: 'America/Chicago' });
    expect(save.statusCode).toBe(401);
    expect(save.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    const unknown = await getBilling('cp_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(401);
  });

  it("answers each parent's own billing address, time zone and card", async () => {
    const visa = await loggedInParent(app);
    const mastercard = await parentWithMasterCard();

    const first = await getBilling(visa.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: visa.email,
      address: TEXAS,
      timeZone: 'America/Chicago',
      paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1881' },
    });

    const second = await getBilling(mastercard.cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      email: mastercard.email,
      address: { ...TEXAS, line1: '9 Elm St' },
      paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'MasterCard', lastFour: '4444' },
    });
  });

  /** An invited co-parent who paid for their own subscription (MasterCard), logged in. */
  async function invitedPayer(): Promise<{ cookie: string }> {
    const invite = await seedInviteScenario('coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: 'https://join.example.test',
      inviteTtlDays: 14,
    });
    const bearer = { authorization: `Bearer ${invite.token}` };
    const current = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: bearer,
    });
    const { userId } = current.json() as { userId: string };
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/v2/users/${userId}`, headers: bearer, payload });
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
    const billed = await patch({
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId, timeZone: 'America/Chicago' },
      address: { ...TEXAS, line1: '5 Oak Ave' },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/pricing`,
      headers: bearer,
      payload: { userId, orderDetail: { packageId: 3003 }, subscriptionCodes: [] },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const totals = (priced.json() as { totals: { total: number; taxAmount: number } }).totals;
    const paid = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/payment`,
      headers: { ...bearer, 'idempotency-key': `test-invited-${userId}` },
      payload: {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: totals.total,
          taxAmountDisplayed: totals.taxAmount,
          nonce: 'fake-valid-mastercard-nonce',
        },
        promoCodes: null,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const username = uniqueUsername('bruno');
    const set = await app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: {
        authorization: `Bearer ${(paid.json() as { clickToJoinToken: string }).clickToJoinToken}`,
      },
      payload: { username, password: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { cookie: String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '' };
  }

  it('answers the card of an invited co-parent who paid for their own subscription', async () => {
    const payer = await invitedPayer();
    const res = await getBilling(payer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Bruno',
      address: { ...TEXAS, line1: '5 Oak Ave' },
      timeZone: 'America/Chicago',
      paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'MasterCard', lastFour: '4444' },
    });
  });

  it('stores a UK postcode as it is written, with one space before the inward code', async () => {
    const parent = await loggedInParent(app);
    const westminster = {
      line1: '10 Downing St',
      line2: null,
      city: 'London',
      region: 'ENG',
      postalCode: 'sw1a2aa',
      country: 'GB',
    };
    const res = await putBilling(parent.cookie, {
      address: westminster,
      timeZone: 'Europe/London',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getBilling(parent.cookie)).json().address).toEqual({
      ...westminster,
      postalCode: 'SW1A 2AA',
    });
  });

  it('saves the address and the time zone; the next read shows them', async () => {
    const parent = await loggedInParent(app);
    const other = await loggedInParent(app);
    const res = await putBilling(parent.cookie, { address: ONTARIO, timeZone: 'America/Toronto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ validationErrors: [] });

    const after = (await getBilling(parent.cookie)).json();
    expect(after.address).toEqual({ ...ONTARIO, postalCode: 'M5H 3T4' });
    expect(after.timeZone).toBe('America/Toronto');
    // The card on file is not touched; nobody else's billing changes.
    expect(after.paymentMethod).toMatchObject({ lastFour: '1881' });
    expect((await getBilling(other.cookie)).json()).toMatchObject({
      address: TEXAS,
      timeZone: 'America/Chicago',
    });

    // An empty second line is stored as none.
    await putBilling(parent.cookie, {
      address: { ...TEXAS, line2: '' },
      timeZone: 'America/Chicago',
    });
    expect((await getBilling(parent.cookie)).json().address).toEqual(TEXAS);
  });

  it.each([
    ['en', enMessages],
    ['es-MX', esMXMessages],
  ] as const)(
    'refuses a bad postal code, region and time zone in %s; nothing is saved',
    async (language, messages) => {
      const parent = await loggedInParent(app);
      const res = await putBilling(
        parent.cookie,
        {
          address: { ...TEXAS, region: 'ZZ', postalCode: 'ABCDE' },
          timeZone: 'Europe/London',
        },
        language,
      );
      expect(res.statusCode, res.body).toBe(422);
      const errors = (res.json() as { validationErrors: { field: string; text: string }[] })
        .validationErrors;
      expect(errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'address.region',
            text: messages.signup_region_error,
          }),
          expect.objectContaining({
            field: 'address.postalCode',
            text: messages.signup_postalCode_error,
          }),
          expect.objectContaining({ field: 'timeZone', text: messages.signup_timezone_error }),
        ]),
      );

      // The time zone must belong to the country even when the rest is right.
      const zone = await putBilling(
        parent.cookie,
        { address: ONTARIO, timeZone: 'America/Chicago' },
        language,
      );
      expect(zone.statusCode).toBe(422);
      expect(zone.json().validationErrors).toEqual([
        expect.objectContaining({ field: 'timeZone', text: messages.signup_timezone_error }),
      ]);

      const after = (await getBilling(parent.cookie)).json();
      expect(after.address).toEqual(TEXAS);
      expect(after.timeZone).toBe('America/Chicago');
    },
  );

  it.each([
    ['en', enMessages],
    ['es-MX', esMXMessages],
  ] as const)(
    'refuses a ZIP of another state in %s, so taxes follow the state; nothing is saved',
    async (language, messages) => {
      const parent = await loggedInParent(app);
      const res = await putBilling(
        parent.cookie,
        {
          address: { ...TEXAS, city: 'New York', region: 'NY', postalCode: '90210' },
          timeZone: 'America/New_York',
        },
        language,
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().validationErrors).toEqual([
        {
          field: 'address.postalCode',
          text: messages.payment_postalCodeState_error,
          type: 'ERROR',
        },
      ]);
      expect((await getBilling(parent.cookie)).json().address).toEqual(TEXAS);
    },
  );

  it('refuses short lines and a missing body with field errors, never a 500', async () => {
    const parent = await loggedInParent(app);
    const res = await putBilling(parent.cookie, {
      address: { ...TEXAS, line1: 'ab', city: 'x' },
      timeZone: 'America/Chicago',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'address.line1',
          text: enMessages.signup_billingAddress_error,
        }),
        expect.objectContaining({ field: 'address.city', text: enMessages.signup_city_error }),
      ]),
    );
    // A NUL character (PostgreSQL text cannot hold one) is an input problem, not a 500.
    const nul = await putBilling(parent.cookie, {
      address: { ...TEXAS, line1: '1 Main\u0000 St' },
      timeZone: 'America/Chicago',
    });
    expect(nul.statusCode, nul.body).toBe(422);
    expect(nul.json().validationErrors).toEqual([
      expect.objectContaining({ field: 'address.line1' }),
    ]);
    const empty = await putBilling(parent.cookie, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validationErrors.length).toBeGreaterThan(0);
  });
});
