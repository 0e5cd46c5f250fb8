import { orderPricingBody } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { payments } from '../db/schema.js';
import type { InviteScenario } from '../modules/invite/scenarios.js';
import { uniqueEmail, useTestDatabase } from '../test/test-app.js';
import {
  BILLING_FORM_FIELDS,
  ENTRY_ELEMENT_NAMES,
  INVITE_PUBLIC_URL,
  OWN_POST,
  SHELL,
  seedInvitation,
  useWebPagesApp,
  writtenSubmission,
} from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real screens and
 * whose invite queries apply the screens' entry rules): the invite's screens read the invite
 * through the API with the browser's cookie alone, and write the co-parent's name and progress,
 * or the submission a post answers.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/invite/step1', '/invite/packages', '/invite/choose-your-own', '/invite/billing-info', '/invite/payment'];
export const INVITE_PAGE_PATHS = ['/invite/step1', '/invite/packages', '/invite/choose-your-own', '/invite/billing-info', '/invite/payment'];
export const SIGNUP_PAGE_PATHS = [];
export async function serverPageQueries(path, { fetchJson }) {
  const context = await fetchJson('/v2/invites/current');
  if (path === '/invite/packages' && context.lastCompletedStep < 1) return [];
  if (path === '/invite/choose-your-own' && context.lastCompletedStep < 1) return [];
  if (path === '/invite/billing-info' && (context.lastCompletedStep < 1 || context.billingAddressComplete)) return [];
  if (path === '/invite/payment' && (context.lastCompletedStep < 2 || context.isSubscriptionCurrent)) return [];
  const user = await fetchJson('/v2/users/' + context.userId);
  return [
    { queryKey: ['invite', 'current', 'cookie'], data: context },
    { queryKey: ['invite', 'user', context.userId], data: user },
  ];
}
export async function render(request, locale, written) {
  const [context, user] = (written?.queries ?? []).map((query) => query.data);
  const problems = (written?.submission?.errors ?? []).map((error) => error.field).join(',');
  const html = '<main>' + new URL(request.url).pathname + ': ' + user.firstName + ' ' + context.lastCompletedStep + ' [' + problems + ']</main>';
  return { kind: 'page', status: 200, html, title: 'Invite' };
}
`;

/** The billing info as the form posts it (the invited flow asks no referral). */
const BILLING = BILLING_FORM_FIELDS;

describe('the invite screens after the welcome, written with the invite its cookie names', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const { open, post } = useWebPagesApp(
    ctx,
    { entry: ENTRY, env: { PUBLIC_URL: INVITE_PUBLIC_URL } },
    (built) => {
      app = built;
    },
  );

  const invitation = (scenario?: InviteScenario) => seedInvitation(app, ctx.database, scenario);

  /** Step 1 as posted: a new email each time (an email of another account is refused). */
  const stepOneFields = () => ({
    firstName: 'Bruno',
    lastName: 'López',
    email: uniqueEmail('invite-written'),
    countryCode: 'US_CANADA',
    phoneNumber: '2125559876',
  });

  const invitedUser = async (token: string) => {
    const auth = { authorization: `Bearer ${token}` };
    const context = await app.inject({ method: 'GET', url: '/v2/invites/current', headers: auth });
    const { userId, lastCompletedStep } = context.json() as {
      userId: string;
      lastCompletedStep: number;
    };
    const user = await app.inject({ method: 'GET', url: `/v2/users/${userId}`, headers: auth });
    const saved: Record<string, unknown> = { ...(user.json() as object), lastCompletedStep };
    return saved;
  };

  it('writes step 1 with the invite of the cookie, never its token, kept by no cache', async () => {
    const { token, cookie } = await invitation();
    const res = await open('/invite/step1', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-server-rendered');
    expect(res.body).toContain('<main>/app/join/invite/step1: Bruno 0 []</main>');
    expect(res.body).toContain('"queryKey":["invite","current","cookie"]');
    expect(res.body).not.toContain(token);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the shell without the cookie, with a refused one, or before the invite reached the screen', async () => {
    const { cookie } = await invitation();
    for (const [path, sent] of [
      ['/invite/step1', undefined],
      ['/invite/step1', 'coparent_invite=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      ['/invite/packages', cookie],
    ] as const) {
      const res = await open(path, sent);
      expect(res.statusCode, `${path} ${sent}`).toBe(200);
      expect(res.body, `${path} ${sent}`).toBe(SHELL);
    }
  });

  it('saves a posted step 1 for the invite of the cookie, then the screen its progress names', async () => {
    const { token, cookie } = await invitation();
    const stepOne = stepOneFields();
    const res = await post('/invite/step1', stepOne, { ...OWN_POST, cookie });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/app/join/invite/packages');
    expect(await invitedUser(token)).toMatchObject({
      lastCompletedStep: 1,
      email: stepOne.email,
      phoneNumber: stepOne.phoneNumber,
    });
    // Now the packages are this invite's: written for it.
    const packages = await open('/invite/packages', cookie);
    expect(packages.body).toContain('<main>/app/join/invite/packages: Bruno 1 []</main>');
  });

  it('sends a paid subscription without an address on to its billing info', async () => {
    const { cookie } = await invitation('paid-coparent-invite');
    const res = await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/app/join/invite/billing-info');
  });

  it('answers a posted step 1 with problems with its page (422), nothing saved', async () => {
    const { token, cookie } = await invitation();
    const res = await post(
      '/invite/step1',
      { ...stepOneFields(), firstName: '', email: 'not-an-email' },
      { ...OWN_POST, cookie },
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<main>/app/join/invite/step1: Bruno 0 []</main>');
    // The values posted come back in the page; the schema lists their problems there.
    expect(res.body).toContain('"values":{"firstName":"","lastName":"López"');
    expect(res.body).not.toContain(token);
    expect(await invitedUser(token)).toMatchObject({ lastCompletedStep: 0 });
  });

  it('says beside the email that another account has it', async () => {
    const other = await invitation();
    const otherUser = await invitedUser(other.token);
    const { cookie } = await invitation();
    const res = await post(
      '/invite/step1',
      { ...stepOneFields(), email: String(otherUser.email) },
      { ...OWN_POST, cookie },
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('[parent.email]');
  });

  it('refuses a post from another site, and sends one without a live invite to a new link', async () => {
    const { token, cookie } = await invitation();
    const stepOne = stepOneFields();
    const crossSite = await post('/invite/step1', stepOne, {
      'sec-fetch-site': 'cross-site',
      cookie,
    });
    expect(crossSite.statusCode).toBe(403);
    for (const sent of [undefined, 'coparent_invite=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await post('/invite/step1', stepOne, {
        ...OWN_POST,
        ...(sent ? { cookie: sent } : {}),
      });
      expect(res.statusCode, sent).toBe(303);
      expect(res.headers.location, sent).toBe('/app/join/invite/request');
    }
    expect(await invitedUser(token)).toMatchObject({ lastCompletedStep: 0 });
  });

  it('saves a posted package only after step 1, then the payment', async () => {
    const { token, cookie } = await invitation();
    const early = await post('/invite/packages', { packageId: '3003' }, { ...OWN_POST, cookie });
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe('/app/join/invite/step1');
    expect(await invitedUser(token)).toMatchObject({ lastCompletedStep: 0, order: null });

    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    const tampered = await post('/invite/packages', { packageId: 'x' }, { ...OWN_POST, cookie });
    expect(tampered.headers.location).toBe('/app/join/invite/packages');
    const chosen = await post('/invite/packages', { packageId: '3003' }, { ...OWN_POST, cookie });
    expect(chosen.statusCode, chosen.body).toBe(303);
    expect(chosen.headers.location).toBe('/app/join/invite/payment');
    expect(await invitedUser(token)).toMatchObject({
      lastCompletedStep: 2,
      order: expect.objectContaining({ packageId: 3003 }),
    });
  });

  it('saves posted build-your-own options after their package, then the payment', async () => {
    const { token, cookie } = await invitation();
    /** The form's fields: the term, each term's package, the ticked options. */
    const options = { subscription: 'SUB1YEAR', 'packageFor.SUB1YEAR': '3005', myfiles: 'on' };
    const early = await post('/invite/choose-your-own', options, { ...OWN_POST, cookie });
    expect(early.headers.location).toBe('/app/join/invite/step1');

    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    const byo = await post('/invite/packages', { packageId: '3005' }, { ...OWN_POST, cookie });
    expect(byo.headers.location).toBe('/app/join/invite/choose-your-own');
    const page = await open('/invite/choose-your-own', cookie);
    expect(page.body).toContain('<main>/app/join/invite/choose-your-own: Bruno 1 []</main>');

    const tampered = await post(
      '/invite/choose-your-own',
      { subscription: 'SUB9YEAR' },
      { ...OWN_POST, cookie },
    );
    expect(tampered.headers.location).toBe('/app/join/invite/choose-your-own');
    expect(await invitedUser(token)).toMatchObject({ lastCompletedStep: 1 });

    const crossSite = await post('/invite/choose-your-own', options, {
      'sec-fetch-site': 'cross-site',
      cookie,
    });
    expect(crossSite.statusCode).toBe(403);

    const chosen = await post('/invite/choose-your-own', options, { ...OWN_POST, cookie });
    expect(chosen.statusCode, chosen.body).toBe(303);
    expect(chosen.headers.location).toBe('/app/join/invite/payment');
    expect(await invitedUser(token)).toMatchObject({
      lastCompletedStep: 2,
      order: expect.objectContaining({
        packageId: 3005,
        productId: 'SUB1YEAR',
        services: ['MYFILES'],
      }),
    });
  });

  it('answers a package the catalog does not offer with the cards and the reason (422), nothing saved', async () => {
    const { token, cookie } = await invitation();
    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    const res = await post('/invite/packages', { packageId: '999999' }, { ...OWN_POST, cookie });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<main>/app/join/invite/packages: Bruno 1 [order.packageId]</main>');
    expect(res.body).not.toContain(token);
    expect(await invitedUser(token)).toMatchObject({ lastCompletedStep: 1, order: null });
  });

  it('sends a professional’s family on from the packages: nothing to pay', async () => {
    const { cookie } = await invitation('pro-invite');
    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    const res = await post('/invite/packages', { packageId: '3003' }, { ...OWN_POST, cookie });
    expect(res.headers.location).toBe('/app/join/invite/credentials');
  });

  it('writes the billing info of a paid subscription, saves its post, then the credentials', async () => {
    const { token, cookie } = await invitation('paid-coparent-invite');
    const early = await post('/invite/billing-info', BILLING, { ...OWN_POST, cookie });
    expect(early.headers.location).toBe('/app/join/invite/step1');
    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });

    const page = await open('/invite/billing-info', cookie);
    expect(page.body).toContain('<main>/app/join/invite/billing-info: Bruno 2 []</main>');
    expect(page.body).not.toContain(token);

    const refused = await post(
      '/invite/billing-info',
      { ...BILLING, 'billing.city': '' },
      { ...OWN_POST, cookie },
    );
    expect(refused.statusCode).toBe(422);
    // The values posted come back in the page; the schema lists their problems there.
    expect(refused.body).toContain('"billing.billingAddress":"100 Congress Ave"');
    expect((await invitedUser(token)).address).toMatchObject({ line1: null });

    const wrongRegion = await post(
      '/invite/billing-info',
      { ...BILLING, 'billing.postalCode': '10001' },
      { ...OWN_POST, cookie },
    );
    expect(wrongRegion.statusCode).toBe(422);
    expect(wrongRegion.body).toContain('[address.postalCode]');

    const saved = await post('/invite/billing-info', BILLING, { ...OWN_POST, cookie });
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe('/app/join/invite/credentials');
    expect((await invitedUser(token)).address).toMatchObject({
      line1: '100 Congress Ave',
      postalCode: '78701',
    });
    // Its address complete, the billing info is no longer this invite's: the app's shell.
    expect((await open('/invite/billing-info', cookie)).body).toBe(SHELL);
    const again = await post('/invite/billing-info', BILLING, { ...OWN_POST, cookie });
    expect(again.headers.location).toBe('/app/join/invite/credentials');
  });

  it('sends a billing info post of an unpaid invite to its own next screen, and refuses another site', async () => {
    const { cookie } = await invitation();
    await post('/invite/step1', stepOneFields(), { ...OWN_POST, cookie });
    const unpaid = await post('/invite/billing-info', BILLING, { ...OWN_POST, cookie });
    expect(unpaid.headers.location).toBe('/app/join/invite/packages');
    const crossSite = await post('/invite/billing-info', BILLING, {
      'sec-fetch-site': 'cross-site',
      cookie,
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('pays the invite’s order from the posted views once, then the credentials', async () => {
    const { token, cookie } = await invitation();
    const own = { ...OWN_POST, cookie };
    const early = await post('/invite/payment', { paymentView: 'BILLING', ...BILLING }, own);
    expect(early.headers.location).toBe('/app/join/invite/step1');
    await post('/invite/step1', stepOneFields(), own);
    await post('/invite/packages', { packageId: '3003' }, own);

    const billing = await post('/invite/payment', { paymentView: 'BILLING', ...BILLING }, own);
    expect(billing.statusCode, billing.body).toBe(303);
    expect(billing.headers.location).toBe('/app/join/invite/payment?view=PAYMENT');
    const card = { number: '4111 1111 1111 1111', expirationDate: '12/34', cvv: '123' };
    const review = await post('/invite/payment', { paymentView: 'PAYMENT', ...card }, own);
    expect(review.statusCode).toBe(200);
    expect(review.body).not.toContain('4111');
    expect(review.body).not.toContain(token);

    const { userId } = (await invitedUser(token)) as { userId: string };
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/pricing`,
      headers: { cookie },
      payload: {
        userId,
        orderDetail: orderPricingBody({
          order: { packageId: 3003, productId: null, services: [] },
          payForCoparent: false,
          paymentCodes: [],
          promoCodes: [],
        }).orderDetail,
        subscriptionCodes: [],
        promoCodes: [],
      },
    });
    const { totals } = priced.json() as { totals: { total: number; taxAmount: number } };
    const payNow = {
      ...writtenSubmission(review.body).values,
      amountDisplayed: String(totals.total),
      taxAmountDisplayed: String(totals.taxAmount),
    };
    const paid = await post('/invite/payment', payNow, own);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe('/app/join/invite/credentials');
    // Pay now again (an answer lost): on to the credentials, nothing paid twice.
    const again = await post('/invite/payment', payNow, own);
    expect(again.headers.location).toBe('/app/join/invite/credentials');
    const rows = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.invitedUserId, userId));
    expect(rows).toHaveLength(1);
    // Paid, the payment is no longer this invite's screen: the app's shell.
    expect((await open('/invite/payment', cookie)).body).toBe(SHELL);
  });
});
