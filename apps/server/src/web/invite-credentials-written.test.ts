import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { parentProfiles, userCredentials, users } from '../db/schema.js';
import type { InviteScenario } from '../modules/invite/scenarios.js';
import { TEST_PASSWORD, TEXAS_ADDRESS, uniqueUsername } from '../test/signup-fixtures.js';
import { uniqueEmail, useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';
import {
  BILLING_FORM_FIELDS,
  ENTRY_ELEMENT_NAMES,
  INVITE_PUBLIC_URL,
  OWN_POST,
  SHELL,
  seedInvitation,
  setCookies,
  useWebPagesApp,
  writtenSubmission,
} from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real screens and whose
 * invite queries apply the screens' entry rules): the credentials read the invite through the API
 * with the browser's cookie alone, the receipt the login's own newest receipt; each page writes
 * whose it is and the problems of the post it answers.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
const PATHS = ['/invite/step1', '/invite/billing-info', '/invite/credentials', '/invite/receipt'];
export const SERVER_RENDERED_PATHS = PATHS;
export const INVITE_PAGE_PATHS = PATHS;
export const SIGNUP_PAGE_PATHS = [];
const mayGetCredentials = (c) =>
  c.isSubscriptionCurrent ? c.billingAddressComplete : c.userCreatedByPro && c.lastCompletedStep >= 1;
export async function serverPageQueries(path, { fetchJson }) {
  if (path === '/invite/receipt') {
    const home = await fetchJson('/v2/account/home');
    if (home.receipts.length === 0) return [];
    const receipt = await fetchJson('/v2/account/receipts/' + home.receipts[0].receiptId);
    return [{ queryKey: ['invite', 'ownReceipt'], data: receipt }];
  }
  const context = await fetchJson('/v2/invites/current');
  if (path === '/invite/credentials' && !mayGetCredentials(context)) return [];
  const user = await fetchJson('/v2/users/' + context.userId);
  return [
    { queryKey: ['invite', 'current', 'cookie'], data: context },
    { queryKey: ['invite', 'user', context.userId], data: user },
  ];
}
export async function render(request, locale, written) {
  const path = new URL(request.url).pathname;
  const [first, second] = (written?.queries ?? []).map((query) => query.data);
  const problems = (written?.submission?.errors ?? []).map((error) => error.field).join(',');
  const whose = path.endsWith('/receipt') ? first.packageDisplayName + ' ' + first.email : second.email;
  return { kind: 'page', status: 200, html: '<main>' + path + ': ' + whose + ' [' + problems + ']</main>', title: 'Invite' };
}
`;

/** The credentials form as a browser posts it (the terms ticked, no marketing). */
function credentialsFields(username = uniqueUsername('cop')): Record<string, string> {
  return {
    'credentials.username': username,
    'credentials.password': TEST_PASSWORD,
    'referral.selection': 'FRIEND_OR_FAMILY',
    'security.securityQuestion': 'First pet name?',
    'security.securityAnswer': 'Rex the dog',
    'security.securityCode': '4321',
    'security.confirmCode': '4321',
    'consent.terms': 'on',
  };
}

describe('/invite/credentials and /invite/receipt, written and posted without a script', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const { open, post } = useWebPagesApp(
    ctx,
    { entry: ENTRY, env: { ...WHOLE_FUNNEL_RATE_LIMITS, PUBLIC_URL: INVITE_PUBLIC_URL } },
    (built) => {
      app = built;
    },
  );

  /** The invitation, and the invited user's id read with its token (the bearer the API takes). */
  async function invitation(scenario: InviteScenario) {
    const invite = await seedInvitation(app, ctx.database, scenario);
    const bearer = { authorization: `Bearer ${invite.token}` };
    const context = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: bearer,
    });
    const { userId } = context.json() as { userId: string };
    return { ...invite, userId, bearer };
  }

  /** Step 1 as the form posts it: a new email each time (another account's is refused). */
  async function stepOne(cookie: string) {
    const email = uniqueEmail('invite-credentials');
    const res = await post(
      '/invite/step1',
      {
        firstName: 'Bruno',
        lastName: 'López',
        email,
        countryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
      { ...OWN_POST, cookie },
    );
    expect(res.statusCode, res.body).toBe(303);
    return email;
  }

  /** Parent A paid for the co-parent: step 1, then the billing info: on to the credentials. */
  async function paidByParentA() {
    const invite = await invitation('paid-coparent-invite');
    const email = await stepOne(invite.cookie);
    const billing = await post('/invite/billing-info', BILLING_FORM_FIELDS, {
      ...OWN_POST,
      cookie: invite.cookie,
    });
    expect(billing.headers.location).toBe('/app/join/invite/credentials');
    return { ...invite, email };
  }

  /** The co-parent pays for themselves (through the invited API, as the app pays). */
  async function paidThemselves() {
    const invite = await invitation('coparent-invite');
    const email = await stepOne(invite.cookie);
    const { userId, bearer } = invite;
    const billing = await app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: bearer,
      payload: {
        sections: ['PARENT', 'ADDRESS'],
        parent: { userId, timeZone: 'America/Chicago' },
        address: TEXAS_ADDRESS,
      },
    });
    expect(billing.statusCode, billing.body).toBe(200);
    const priced = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/pricing`,
      headers: bearer,
      payload: { userId, orderDetail: { packageId: 3003 }, subscriptionCodes: [] },
    });
    const { totals } = priced.json() as { totals: { total: number; taxAmount: number } };
    const paid = await app.inject({
      method: 'POST',
      url: `/v2/users/${userId}/payment`,
      headers: { ...bearer, 'idempotency-key': randomUUID() },
      payload: {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: totals.total,
          taxAmountDisplayed: totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        promoCodes: null,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { ...invite, email };
  }

  /** The user as stored, with the username they set (null: none yet). */
  const userRow = async (userId: string) => {
    const { db } = ctx.database;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const [login] = await db
      .select()
      .from(userCredentials)
      .where(eq(userCredentials.userId, userId));
    return { ...user, username: login?.username ?? null };
  };

  it('writes the credentials for the invite of the cookie once it may set them, never a token', async () => {
    const invite = await invitation('paid-coparent-invite');
    const before = await open('/invite/credentials', invite.cookie);
    expect(before.body, 'step 1 not done').toBe(SHELL);
    await stepOne(invite.cookie);
    expect((await open('/invite/credentials', invite.cookie)).body, 'no address yet').toBe(SHELL);

    const ready = await paidByParentA();
    const other = await paidByParentA();
    const res = await open('/invite/credentials', ready.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<main>/app/join/invite/credentials: ${ready.email} []</main>`);
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain(ready.token);
    expect(res.body).not.toContain('clickToJoinToken');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const sent of [undefined, 'coparent_invite=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect((await open('/invite/credentials', sent)).body, sent).toBe(SHELL);
    }
  });

  it('sets everything in the app’s order, logs the co-parent in and shows their account home when Parent A paid', async () => {
    const { cookie, userId } = await paidByParentA();
    const username = uniqueUsername('cop');
    const res = await post(
      '/invite/credentials',
      { ...credentialsFields(username), 'consent.marketingOptIn': 'on' },
      { ...OWN_POST, cookie },
    );
    expect(res.statusCode, res.body).toBe(303);
    // No receipt of their own (Parent A paid): the account home, logged in.
    expect(res.headers.location).toBe('/app/account/');
    const session = setCookies(res).find((c) => c.startsWith('cp_session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(res.headers.location).not.toMatch(/token/i);

    expect(await userRow(userId)).toMatchObject({
      username,
      marketingOptIn: true,
      termsAcceptedAt: expect.any(Date),
    });
    const [profile] = await ctx.database.db
      .select()
      .from(parentProfiles)
      .where(eq(parentProfiles.userId, userId));
    expect(profile).toMatchObject({
      referralSelection: 'FRIEND_OR_FAMILY',
      securityQuestion: 'First pet name?',
    });
    const home = await app.inject({
      method: 'GET',
      url: '/v2/account/home',
      headers: { cookie: String(session).split(';')[0] },
    });
    expect(home.statusCode, home.body).toBe(200);
    expect((home.json() as { user: { username: string } }).user.username).toBe(username);
  });

  it('goes to the receipt of a co-parent who paid, written with their login’s receipt for that browser alone', async () => {
    const { cookie, email } = await paidThemselves();
    expect((await open('/invite/receipt', cookie)).body, 'no login yet').toBe(SHELL);

    const res = await post('/invite/credentials', credentialsFields(), { ...OWN_POST, cookie });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/app/join/invite/receipt');
    const session = String(setCookies(res).find((c) => c.startsWith('cp_session='))).split(';')[0];

    const receipt = await open('/invite/receipt', `${cookie}; ${session}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(`<main>/app/join/invite/receipt: `);
    expect(receipt.body).toContain(` ${email} []</main>`);
    expect(receipt.headers['cache-control']).toBe('no-store');
    // The login alone, or another invite's cookie with it: the app's shell.
    expect((await open('/invite/receipt', session)).body).toBe(SHELL);
    const other = await invitation('coparent-invite');
    expect((await open('/invite/receipt', `${other.cookie}; ${session}`)).body).toBe(SHELL);

    // Complete Signup again (its answer lost): where a finished invite goes.
    const again = await post('/invite/credentials', credentialsFields(), {
      ...OWN_POST,
      cookie: `${cookie}; ${session}`,
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/app/join/invite/receipt');
  });

  it('answers a form with problems with its page (422), what was typed kept but the secrets, nothing set', async () => {
    const { cookie, userId } = await paidByParentA();
    const { 'consent.terms': _, ...unticked } = credentialsFields('ok_username_1');
    const res = await post(
      '/invite/credentials',
      {
        ...unticked,
        'credentials.password': 'short',
        'security.securityAnswer': 'Hidden answer',
        'security.confirmCode': '9999',
      },
      { ...OWN_POST, cookie, 'accept-language': 'es-MX' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<main>/app/join/invite/credentials:');
    const submission = writtenSubmission(res.body);
    expect(submission.values).toEqual({
      'credentials.username': 'ok_username_1',
      'referral.selection': 'FRIEND_OR_FAMILY',
      'security.securityQuestion': 'First pet name?',
    });
    expect(submission.errors.map((error) => error.field)).toEqual(
      expect.arrayContaining(['credentials.password', 'security.confirmCode', 'consent.terms']),
    );
    expect(submission.errors.every((error) => error.text.length > 0)).toBe(true);
    for (const secret of ['short', 'Hidden answer', '4321', '9999']) {
      expect(res.body).not.toContain(secret);
    }
    expect(await userRow(userId)).toMatchObject({ username: null, termsAcceptedAt: null });
  });

  it('says beside the username that it is taken (the API’s refusal), in the page’s language', async () => {
    const first = await paidByParentA();
    const username = uniqueUsername('taken');
    const set = await post('/invite/credentials', credentialsFields(username), {
      ...OWN_POST,
      cookie: first.cookie,
    });
    expect(set.statusCode).toBe(303);
    const second = await paidByParentA();
    const res = await post('/invite/credentials', credentialsFields(username), {
      ...OWN_POST,
      cookie: second.cookie,
      'accept-language': 'es-MX',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('[username]');
    expect(writtenSubmission(res.body).errors).toEqual([
      expect.objectContaining({
        field: 'username',
        text: 'Este nombre de usuario no se puede usar',
      }),
    ]);
    expect(await userRow(second.userId)).toMatchObject({ username: null });
  });

  it('refuses a post from another site, and one without a live invite goes to a new link', async () => {
    const { cookie, userId } = await paidByParentA();
    const crossSite = await post('/invite/credentials', credentialsFields(), {
      'sec-fetch-site': 'cross-site',
      cookie,
    });
    expect(crossSite.statusCode).toBe(403);
    const dead = await post('/invite/credentials', credentialsFields(), {
      ...OWN_POST,
      cookie: 'coparent_invite=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(dead.headers.location).toBe('/app/join/invite/request');
    expect(await userRow(userId)).toMatchObject({ username: null });
  });

  it('sends a post before the payment to what the invite still owes, nothing set', async () => {
    const { cookie, userId } = await invitation('coparent-invite');
    const early = await post('/invite/credentials', credentialsFields(), { ...OWN_POST, cookie });
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toBe('/app/join/invite/step1');
    await stepOne(cookie);
    const unpaid = await post('/invite/credentials', credentialsFields(), { ...OWN_POST, cookie });
    expect(unpaid.headers.location).toBe('/app/join/invite/packages');
    expect(setCookies(unpaid).some((c) => c.startsWith('cp_session='))).toBe(false);
    expect(await userRow(userId)).toMatchObject({ username: null, termsAcceptedAt: null });
  });
});
