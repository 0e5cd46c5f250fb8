import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { INVITE_COOKIE } from './invite-cookie.js';
import { seedInviteScenario } from './scenarios.js';

// The invite token leaves the page's reach: the app's own page sends it once, the answer keeps it
// in an HttpOnly cookie, and later calls (a reload) carry the cookie instead of the header.

const ENV = { PUBLIC_URL: 'https://join.example.test' };
const OWN_PAGE = { 'sec-fetch-site': 'same-origin' };

describe.each(BACKENDS)('the invite cookie on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function invited() {
    return seedInviteScenario('coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: ENV.PUBLIC_URL,
      inviteTtlDays: 14,
      now: () => new Date(),
    });
  }

  const cookieOf = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((c) => c.startsWith(`${INVITE_COOKIE}=`));

  it('keeps the token the own page sent in an HttpOnly, Secure, SameSite cookie, and takes it back', async () => {
    const { token } = await invited();
    const first = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { authorization: `Bearer ${token}`, ...OWN_PAGE },
    });
    expect(first.statusCode, first.body).toBe(200);
    const cookie = cookieOf(first.headers['set-cookie']);
    expect(cookie).toBe(`${INVITE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Secure`);
    const { userId } = first.json() as { userId: string };

    // A reload: no header, the cookie only; the user's own calls answer, and nothing is set again.
    const fromCookie = { cookie: `${INVITE_COOKIE}=${token}`, ...OWN_PAGE };
    const context = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: fromCookie,
    });
    expect(context.statusCode, context.body).toBe(200);
    expect(cookieOf(context.headers['set-cookie'])).toBeUndefined();
    const user = await app.inject({
      method: 'GET',
      url: `/v2/users/${userId}`,
      headers: fromCookie,
    });
    expect(user.statusCode, user.body).toBe(200);
  });

  it('gives an API client (no browser headers) no cookie', async () => {
    const { token } = await invited();
    const res = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res.headers['set-cookie'])).toBeUndefined();
  });

  it('sets nothing for a refused token, and gives no cookie to a cross-site request', async () => {
    const { token } = await invited();
    const refused = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { authorization: `Bearer ${'x'.repeat(40)}`, ...OWN_PAGE },
    });
    expect(refused.statusCode).toBe(403);
    expect(cookieOf(refused.headers['set-cookie'])).toBeUndefined();

    const crossSite = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { cookie: `${INVITE_COOKIE}=${token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('authorises only the invite calls with the cookie, and another user’s id is still refused', async () => {
    const { token } = await invited();
    const other = await invited();
    const fromCookie = { cookie: `${INVITE_COOKIE}=${token}`, ...OWN_PAGE };
    const otherContext = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { authorization: `Bearer ${other.token}` },
    });
    const otherUser = (otherContext.json() as { userId: string }).userId;
    const mismatch = await app.inject({
      method: 'GET',
      url: `/v2/users/${otherUser}`,
      headers: fromCookie,
    });
    expect(mismatch.statusCode).toBe(403);
    // A header wins over the cookie: the API's own rule, one token per call.
    const header = await app.inject({
      method: 'GET',
      url: `/v2/users/${otherUser}`,
      headers: { ...fromCookie, authorization: `Bearer ${other.token}` },
    });
    expect(header.statusCode).toBe(200);
  });
});
