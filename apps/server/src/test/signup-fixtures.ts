import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../app.js';
import { uniqueEmail } from './test-app.js';

/**
 * Signups for tests of the later steps: created through the API (PARENT, then FAMILY), so each
 * test starts where the real funnel would.
 */

export type Json = Record<string, unknown>;
export type TestSignup = {
  signupId: string;
  registrationKey: string;
  email: string;
  /** The create's Set-Cookie header (the browser's copy of the key). */
  setCookie?: string;
};

export async function createSignup(
  app: App,
  options: {
    phoneCountryCode?: string;
    phoneNumber?: string;
    email?: string;
    parentDuplicateConfirmed?: boolean;
    /** False: Parent A does not know the co-parent's email (then the family step wants a phone). */
    knowsCoParentEmail?: boolean;
    /** The visitor's anonymous id (the flag context's targeting key before an account exists). */
    segmentAnonymousId?: string;
  } = {},
): Promise<TestSignup> {
  const email = options.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/v2/signups',
    payload: {
      sections: ['PARENT'],
      parent: {
        firstName: 'Ana',
        lastName: 'López',
        email,
        phoneCountryCode: options.phoneCountryCode ?? 'US_CANADA',
        phoneNumber: options.phoneNumber ?? '2125551234',
      },
      knowsCoParentEmail: options.knowsCoParentEmail ?? true,
      ...(options.parentDuplicateConfirmed ? { parentDuplicateConfirmed: true } : {}),
      ...(options.segmentAnonymousId ? { segmentAnonymousId: options.segmentAnonymousId } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const setCookie = res.headers['set-cookie'];
  return {
    ...(res.json() as { signupId: string; registrationKey: string }),
    email,
    setCookie: typeof setCookie === 'string' ? setCookie : undefined,
  };
}

export function saveFamily(app: App, signup: TestSignup, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, ...headers },
    payload: {
      sections: ['FAMILY'],
      coParent: { firstName: 'Bruno', lastName: 'López', email: uniqueEmail('coparent') },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
  });
}

/** A signup with steps 1 and 2 done (lastCompletedStep 2). */
export async function signupAtStep3(
  app: App,
  options: Parameters<typeof createSignup>[1] & { referrerKey?: string } = {},
): Promise<TestSignup> {
  const signup = await createSignup(app, options);
  const res = await saveFamily(
    app,
    signup,
    options.referrerKey ? { 'x-referrer-key': options.referrerKey } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return signup;
}

export function savePackage(
  app: App,
  signup: TestSignup,
  body: Json,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, ...headers },
    payload: { sections: ['PACKAGE'], ...body },
  });
}

export function getSignup(app: App, signup: TestSignup) {
  return app.inject({
    method: 'GET',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey },
  });
}

/** A billing body (PATCH sections PARENT + ADDRESS) for the United States (Texas). */
export function billingBody(overrides: { address?: Json; parent?: Json } & Json = {}): Json {
  const { address, parent, ...rest } = overrides;
  return {
    sections: ['PARENT', 'ADDRESS'],
    parent: { timeZone: 'America/Chicago', ...parent },
    address: {
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      region: 'TX',
      postalCode: '73301',
      country: 'US',
      ...address,
    },
    ...rest,
  };
}

export function saveBilling(
  app: App,
  signup: TestSignup,
  body: Json = billingBody(),
  language = 'en',
) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, language },
    payload: body,
  });
}

/**
 * A signup ready to pay: steps 1–3 (package 3003, Premium 1 year, by default) and the billing
 * saved (Texas by default).
 */
export async function signupReadyToPay(
  app: App,
  options: Parameters<typeof createSignup>[1] & { packageId?: number; billing?: Json } = {},
): Promise<TestSignup> {
  const signup = await signupAtStep3(app, options);
  const saved = await savePackage(app, signup, { order: { packageId: options.packageId ?? 3003 } });
  expect(saved.statusCode, saved.body).toBe(200);
  const billed = await saveBilling(app, signup, options.billing ?? billingBody());
  expect(billed.statusCode, billed.body).toBe(200);
  return signup;
}

/** The pricing call's answer for a signup (the amounts the browser shows). */
export async function priceSignup(app: App, signup: TestSignup, body: Json) {
  const res = await app.inject({
    method: 'POST',
    url: `/v2/signups/${signup.signupId}/pricing`,
    headers: { 'x-registration-key': signup.registrationKey },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totals: { total: number; taxAmount: number; totalFormatted: string } };
}

/** The billing address `billingBody` saves, as the pricing and payment calls take it. */
export const TEXAS_ADDRESS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

/**
 * The payment body the browser sends for `signup`: the amounts the pricing call showed for the
 * package and address, paying by the sandbox's valid card nonce unless `payment` says otherwise.
 */
export async function paymentRequest(
  app: App,
  signup: TestSignup,
  options: { packageId?: number; address?: Json; payment?: Json } = {},
): Promise<Json> {
  const { packageId = 3003, address = TEXAS_ADDRESS, payment } = options;
  const price = await priceSignup(app, signup, { address, orderDetail: { packageId } });
  return {
    order: { packageId },
    payment: {
      amountDisplayed: price.totals.total,
      taxAmountDisplayed: price.totals.taxAmount,
      nonce: 'fake-valid-nonce',
      ...payment,
    },
    promoCodes: null,
  };
}

/** POST /v2/signups/{id}/payment with a new Idempotency-Key unless one is given. */
export function postPayment(
  app: App,
  signup: TestSignup,
  body: Json,
  options: { idempotencyKey?: string; language?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/v2/signups/${signup.signupId}/payment`,
    headers: {
      'x-registration-key': signup.registrationKey,
      'idempotency-key': options.idempotencyKey ?? randomUUID(),
      language: options.language ?? 'en',
    },
    payload: body,
  });
}

/** Pays for a signup ready to pay (Texas, package 3003, fake-valid-nonce); answers the payment. */
export async function paySignup(app: App, signup: TestSignup, language = 'en') {
  const res = await postPayment(app, signup, await paymentRequest(app, signup), {
    idempotencyKey: `test-${signup.signupId}`,
    language,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    clickToJoinToken: string;
    registration: { parent: { userId: string; email: string } };
  };
}

let usernameCounter = 0;
/** A username no other test uses. */
export function uniqueUsername(prefix = 'parent'): string {
  usernameCounter += 1;
  return `${prefix}_${Date.now().toString(36)}${usernameCounter}`;
}

export const TEST_PASSWORD = 'Sunny-Harbor-42';

export type LoggedInParent = {
  userId: string;
  email: string;
  username: string;
  signup: TestSignup;
  /** The `Cookie` header value that carries the session. */
  cookie: string;
};

/**
 * Parent A through the whole funnel (paid, credentials set) and logged in: the session cookie
 * for the account area’s calls (of `ready`, a signup ready to pay, when given). Needs generous
 * rate limits in the app’s env.
 */
export async function loggedInParent(
  app: App,
  language = 'en',
  ready?: TestSignup,
): Promise<LoggedInParent> {
  const signup = ready ?? (await signupReadyToPay(app));
  return logInPaidParent(app, signup, await paySignup(app, signup, language));
}

/** A paid Parent A (the payment's answer) sets a username and password and logs in. */
export async function logInPaidParent(
  app: App,
  signup: TestSignup,
  paid: { clickToJoinToken: string; registration: { parent: { userId: string; email: string } } },
): Promise<LoggedInParent> {
  const username = uniqueUsername();
  const set = await app.inject({
    method: 'POST',
    url: '/v2/credentials',
    headers: { authorization: `Bearer ${paid.clickToJoinToken}` },
    payload: { username, password: TEST_PASSWORD },
  });
  expect(set.statusCode, set.body).toBe(200);
  const login = await app.inject({
    method: 'POST',
    url: '/v2/login',
    payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const setCookie = String(login.headers['set-cookie'] ?? '');
  const cookie = setCookie.split(';')[0] ?? '';
  return {
    userId: paid.registration.parent.userId,
    email: paid.registration.parent.email,
    username,
    signup,
    cookie,
  };
}
