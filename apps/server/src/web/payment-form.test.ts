import { orderPricingBody } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { payments } from '../db/schema.js';
import { uniqueEmail, useTestDatabase } from '../test/test-app.js';
import {
  BILLING_FORM_FIELDS,
  ENTRY_ELEMENT_NAMES,
  OWN_POST,
  savedSignup,
  useWebPagesApp,
  writtenSubmission,
} from '../test/web-pages.js';

/** A stand-in for the web build's server entry (the real one's tests render the views). */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/step1', '/step2', '/step3', '/payment'];
export const SIGNUP_PAGE_PATHS = ['/step1', '/step2', '/step3', '/payment'];
export async function serverPageQueries() { return []; }
export async function render(request) {
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + '</main>', title: 'Payment' };
}
`;

const GOOD_CARD = { number: '4111 1111 1111 1111', expirationDate: '12/34', cvv: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 1111 1111 1115' };
const TEXAS = {
  paymentView: 'BILLING',
  ...BILLING_FORM_FIELDS,
  'referral.selection': 'SEARCH_ENGINE',
};

const setCookies = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().join('\n');

describe('the payment page posted by a browser without a script', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const pages = useWebPagesApp(ctx, { entry: ENTRY }, (built) => {
    app = built;
  });

  const post = (
    path: string,
    cookie: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) => pages.post(path, fields, { ...OWN_POST, cookie, ...headers });

  /** A browser that posted steps 1 to 3 (a US parent, Premium 1 year): the cookie it holds. */
  async function browserAtPayment(): Promise<{ signupId: string; cookie: string }> {
    const created = await post('/step1', '', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: uniqueEmail('nojs-pay'),
      countryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      knowsCoParentEmail: 'no',
    });
    const browser = savedSignup(created);
    const family = await post('/step2', browser.cookie, {
      'coParent.firstName': 'Luis',
      'coParent.lastName': 'Pérez',
      'coParent.countryCode': 'US_CANADA',
      'coParent.phoneNumber': '5557654321',
      'children.0.firstName': 'Mateo',
      'children.0.lastName': 'Pérez',
    });
    expect(family.headers.location).toBe('/app/join/step3');
    const chosen = await post('/step3', browser.cookie, { packageId: '3003' });
    expect(chosen.headers.location).toBe('/app/join/payment');
    return browser;
  }

  const readSignup = async ({ signupId, cookie }: { signupId: string; cookie: string }) =>
    (await app.inject({ url: `/v2/signups/${signupId}`, headers: { cookie } })).json() as {
      billing: { address: { line1: string; region: string } } | null;
      paid: boolean;
    };

  /** The total the Review form shows for the saved order and billing (the server's price). */
  async function shownTotal(browser: { signupId: string; cookie: string }) {
    const body = orderPricingBody({
      order: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
      address: {
        line1: '100 Congress Ave',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
      },
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      payForCoparent: false,
      paymentCodes: [],
      promoCodes: [],
    });
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/signups/${browser.signupId}/pricing`,
      headers: { cookie: browser.cookie },
      payload: { limboId: browser.signupId, ...body },
    });
    const { totals, taxId } = priced.json() as {
      totals: { total: number; taxAmount: number };
      taxId?: string | null;
    };
    return {
      amountDisplayed: String(totals.total),
      taxAmountDisplayed: String(totals.taxAmount),
      ...(taxId ? { taxId } : {}),
    };
  }

  /** Billing saved and a card tokenised: the Review form's values as the server wrote them. */
  async function reviewOf(
    browser: { signupId: string; cookie: string },
    card = GOOD_CARD,
  ): Promise<Record<string, string>> {
    await post('/payment', browser.cookie, TEXAS);
    const review = await post('/payment', browser.cookie, { paymentView: 'PAYMENT', ...card });
    expect(review.statusCode).toBe(200);
    return { ...writtenSubmission(review.body).values, ...(await shownTotal(browser)) };
  }

  it('checks the billing with the domain schema, saves nothing refused, then saves it and asks for the card', async () => {
    const browser = await browserAtPayment();
    const refused = await post('/payment', browser.cookie, {
      ...TEXAS,
      'billing.city': '',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(writtenSubmission(refused.body).values).toMatchObject({
      paymentView: 'BILLING',
      'billing.billingAddress': '100 Congress Ave',
    });
    expect((await readSignup(browser)).billing).toBeNull();

    const saved = await post('/payment', browser.cookie, TEXAS);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/app/join/payment?view=PAYMENT');
    expect((await readSignup(browser)).billing?.address).toMatchObject({
      line1: '100 Congress Ave',
      region: 'TX',
    });
  });

  it('tokenises the card at once and answers Review with its nonce and a new attempt key; a bad card comes back without its number', async () => {
    const browser = await browserAtPayment();
    await post('/payment', browser.cookie, TEXAS);

    const bad = await post('/payment', browser.cookie, {
      paymentView: 'PAYMENT',
      ...GOOD_CARD,
      number: '4111 1111 1111 1112',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).not.toContain('4111');
    const problems = writtenSubmission(bad.body);
    expect(problems.values).toEqual({ paymentView: 'PAYMENT' });
    expect(problems.errors.map((error) => error.field)).toContain('number');

    const review = await post('/payment', browser.cookie, { paymentView: 'PAYMENT', ...GOOD_CARD });
    expect(review.statusCode).toBe(200);
    expect(review.body).not.toContain('4111');
    const { values } = writtenSubmission(review.body);
    expect(values).toMatchObject({ paymentView: 'REVIEW', cardType: 'Visa', lastFour: '1111' });
    expect(values.nonce).toEqual(expect.any(String));
    expect(values.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pays once: Pay now goes on to the credentials with the token in an HttpOnly cookie, and a second post replays it', async () => {
    const browser = await browserAtPayment();
    const review = await reviewOf(browser);

    const paid = await post('/payment', browser.cookie, review);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/app/join/credentials');
    const cookies = setCookies(paid);
    expect(cookies).toMatch(/coparent_credentials=[^;]+; Path=\/app\/join; Max-Age=7200; HttpOnly/);
    expect(String(paid.headers.location)).not.toContain('token');

    // The same form posted again (a double tap, a reload): the same attempt, nothing charged twice.
    const again = await post('/payment', browser.cookie, review);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/app/join/credentials');
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.signupId, browser.signupId));
    expect(rows.filter((row) => row.status === 'COMPLETED')).toHaveLength(1);
    expect((await readSignup(browser)).paid).toBe(true);
  });

  it('answers a declined card with the Payment view saying so, and a changed price with Review and a new key', async () => {
    const browser = await browserAtPayment();
    const declined = await post('/payment', browser.cookie, await reviewOf(browser, DECLINED_CARD));
    expect(declined.statusCode).toBe(402);
    const { values, errors } = writtenSubmission(declined.body);
    expect(values).toEqual({ paymentView: 'PAYMENT' });
    expect(errors[0]?.text).toMatch(/declined/);

    const review = await reviewOf(browser);
    const moved = await post('/payment', browser.cookie, { ...review, amountDisplayed: '1' });
    expect(moved.statusCode).toBe(409);
    const answered = writtenSubmission(moved.body);
    expect(answered.values.paymentView).toBe('REVIEW');
    expect(answered.values.nonce).toBe(review.nonce);
    expect(answered.values.idempotencyKey).not.toBe(review.idempotencyKey);
  });

  it('refuses a post from another site and sends a browser without a signup to step 1', async () => {
    const browser = await browserAtPayment();
    const crossSite = await post('/payment', browser.cookie, TEXAS, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await readSignup(browser)).billing).toBeNull();

    const none = await post('/payment', '', TEXAS);
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe('/app/join/step1');

    // A Review form the server did not write (no attempt key): the card is asked again.
    const forged = await post('/payment', browser.cookie, { paymentView: 'REVIEW' });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/app/join/payment?view=PAYMENT');
  });
});
