import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox } from '../../db/schema.js';
import {
  paySignup,
  signupReadyToPay,
  TEST_PASSWORD,
  uniqueUsername,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  useTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../../test/test-app.js';

const PUBLIC_URL = 'https://join.example.test';
const LINK_PREFIX = `${PUBLIC_URL}/app/join/credentials?token=`;
const DAY_MS = 86_400_000;

/**
 * A parent who paid and lost the tab (closed, reloaded elsewhere, an error on /credentials): the
 * receipt email carries a link that sets the username and password from any browser, once, for
 * CREDENTIALS_LINK_TTL_DAYS (7 by default).
 */
describe.each(BACKENDS)('the receipt email’s credentials link (%s)', (backend) => {
  const ctx = useTestDatabase(backend);
  const clock = { now: Date.now() };
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: { ...WHOLE_FUNNEL_RATE_LIMITS, PUBLIC_URL },
      now: () => new Date(clock.now),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Pays for a new signup; answers the payment answer and the emailed link's token. */
  async function paidWithEmailedLink(language = 'en') {
    const signup = await signupReadyToPay(app);
    const paid = await paySignup(app, signup, language);
    const [receipt] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, signup.email), eq(emailOutbox.template, 'payment-receipt')),
      )
      .orderBy(desc(emailOutbox.createdAt));
    if (!receipt) throw new Error('no receipt email');
    const link = (receipt.textBody ?? '').split(/\s+/).find((word) => word.startsWith(LINK_PREFIX));
    expect(link, receipt.textBody ?? '').toBeDefined();
    expect(receipt.htmlBody).toContain(`href="${(link ?? '').replaceAll('&', '&amp;')}"`);
    const token = decodeURIComponent(new URL(link ?? '').searchParams.get('token') ?? '');
    return { signup, paid, token, receipt };
  }

  const check = (token: string) =>
    app.inject({
      method: 'GET',
      url: `/v2/credentials/username?username=${uniqueUsername('link')}`,
      headers: { authorization: `Bearer ${token}` },
    });

  const setCredentials = (token: string, username = uniqueUsername('link')) =>
    app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { authorization: `Bearer ${token}` },
      payload: { username, password: TEST_PASSWORD },
    });

  const login = (username: string) =>
    app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });

  it('is in the receipt email, in both languages, with the token in the query (never the path)', async () => {
    const en = await paidWithEmailedLink('en');
    expect(en.receipt.textBody).toContain('Create your username and password here:');
    expect(en.receipt.textBody).toContain('7 days');
    expect(en.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(en.token).not.toBe(en.paid.clickToJoinToken);
    // The outbox keeps the link no longer than it works.
    expect(en.receipt.secretsExpireAt?.getTime()).toBe(clock.now + 7 * DAY_MS);
    const es = await paidWithEmailedLink('es-MX');
    expect(es.receipt.textBody).toContain('Aquí puedes crear tu nombre de usuario y contraseña:');
    expect(es.receipt.textBody).toContain('7 días');
  });

  it('sets the username and password once, from any browser; then it is dead', async () => {
    const { token, paid } = await paidWithEmailedLink();
    expect((await check(token)).statusCode).toBe(200);
    const username = uniqueUsername('link');
    const set = await setCredentials(token, username);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ userId: paid.registration.parent.userId, username });
    expect((await login(username)).statusCode).toBe(200);

    const again = await setCredentials(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
    expect((await check(token)).statusCode).toBe(401);
    // The tab's token of the same payment died with it: the account has its credentials.
    expect((await setCredentials(paid.clickToJoinToken)).statusCode).toBe(401);
  });

  it('is refused once the parent set credentials in the tab that paid', async () => {
    const { token, paid } = await paidWithEmailedLink();
    expect((await setCredentials(paid.clickToJoinToken)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(401);
    const late = await setCredentials(token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
  });

  it('survives a replay of the payment answer (which mints a new tab token)', async () => {
    const { token, signup } = await paidWithEmailedLink();
    const replay = await paySignup(app, signup);
    expect(replay.clickToJoinToken).toBeTruthy();
    expect((await setCredentials(token)).statusCode).toBe(200);
  });

  it('is refused once expired (after 7 days)', async () => {
    const { token } = await paidWithEmailedLink();
    const paidAt = clock.now;
    try {
      clock.now = paidAt + 7 * DAY_MS - 60_000;
      expect((await check(token)).statusCode).toBe(200);
      clock.now = paidAt + 7 * DAY_MS + 60_000;
      expect((await check(token)).statusCode).toBe(401);
      const expired = await setCredentials(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
    } finally {
      clock.now = paidAt;
    }
  });
});
