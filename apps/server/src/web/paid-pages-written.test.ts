import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { CREDENTIALS_TOKEN_COOKIE } from '../modules/credentials/credentials-cookie.js';
import {
  paymentRequest,
  signupReadyToPay,
  TEST_PASSWORD,
  type TestSignup,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import { useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';
import {
  cookieSetBy,
  ENTRY_ELEMENT_NAMES,
  loadPage,
  setCookies,
  useWebPagesApp,
  writtenJson,
} from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real pages): it writes
 * the page's path, its language and the parent's email of the signup it was given.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/signup', '/step1', '/credentials', '/receipt'];
export const SIGNUP_PAGE_PATHS = ['/step1'];
export async function serverPageQueries(path, { signup, fetchJson }) {
  if (path !== '/receipt') return [];
  return [{ queryKey: ['signup-receipt', signup.signupId], data: await fetchJson('/v2/signups/' + signup.signupId + '/receipt') }];
}
export async function render(request, locale, written) {
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ' ' + locale + ' ' + (written?.signup?.parent.email ?? '') + '</main>', title: 'Page' };
}
`;

/** What the app's own fetch carries that an API client's call does not. */
const OWN_PAGE = { 'sec-fetch-site': 'same-origin' };

// A browser WITH scripts that paid through the app's own calls (no form posted): the server
// writes /credentials (the payment's token in its HttpOnly cookie) and, once the credentials
// have logged the parent in, /receipt, as it does for a browser without scripts.
describe('/credentials and /receipt written for a browser with scripts', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(ctx, { entry: ENTRY, env: WHOLE_FUNNEL_RATE_LIMITS }, (built) => {
    app = built;
  });

  const keyCookie = (signup: TestSignup) =>
    `coparent_signup=${signup.signupId}.${signup.registrationKey}`;

  /** Pays as the app's Pay now does: the key from the cookie, from the app's own page. */
  async function payFromThePage(signup: TestSignup, headers: Record<string, string> = OWN_PAGE) {
    const res = await app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/payment`,
      headers: { cookie: keyCookie(signup), 'idempotency-key': randomUUID(), ...headers },
      payload: await paymentRequest(app, signup),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  /** A paid signup and the cookies the app's payment left in the browser (no posted cookie). */
  async function paidWithScripts() {
    const signup = await signupReadyToPay(app);
    const payment = await payFromThePage(signup);
    const token = (payment.json() as { clickToJoinToken: string }).clickToJoinToken;
    const tokenCookie = cookieSetBy(payment, CREDENTIALS_TOKEN_COOKIE);
    return { signup, token, cookie: [keyCookie(signup), tokenCookie].join('; ') };
  }

  /** The app's Complete Signup: the credentials with the tab's token, then the login. */
  async function setCredentialsFromThePage(token: string) {
    const username = uniqueUsername('scripts');
    const set = await app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { ...OWN_PAGE, authorization: `Bearer ${token}` },
      payload: { username, password: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      headers: OWN_PAGE,
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { set, session: cookieSetBy(login, 'cp_session') as string };
  }

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    loadPage(app, url, { cookie, ...headers });

  it('the app’s payment keeps its token in an HttpOnly cookie for the join pages; an API client’s does not', async () => {
    const fromThePage = await payFromThePage(await signupReadyToPay(app));
    const kept = setCookies(fromThePage).find((c) => c.startsWith(`${CREDENTIALS_TOKEN_COOKIE}=`));
    const { clickToJoinToken } = fromThePage.json() as { clickToJoinToken: string };
    expect(kept).toContain(`${CREDENTIALS_TOKEN_COOKIE}=${clickToJoinToken}`);
    expect(kept).toMatch(/HttpOnly/i);
    expect(kept).toMatch(/SameSite=Lax/i);
    expect(kept).toMatch(/Path=\/app\/join(;|$)/);

    const apiClient = await payFromThePage(await signupReadyToPay(app), {});
    expect(cookieSetBy(apiClient, CREDENTIALS_TOKEN_COOKIE)).toBeUndefined();
  });

  it.each([
    ['en', { 'accept-language': 'en-US,en;q=0.9' }],
    ['es-MX', { 'accept-language': 'es-MX,es;q=0.9' }],
    ['es-MX', { 'accept-language': 'en-US', cookie: 'coparent_lang=es-MX' }],
  ] as const)(
    'writes /credentials with the paid signup, never the token (%s)',
    async (locale, headers) => {
      const { signup, token, cookie } = await paidWithScripts();
      const { cookie: language, ...rest } = { cookie: undefined, ...headers };
      const res = await get(
        '/app/join/credentials',
        [cookie, language].filter(Boolean).join('; '),
        rest,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<main>/app/join/credentials ${locale} ${signup.email}</main>`);
      expect(res.headers['content-language']).toBe(locale);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(writtenJson(res.body, 'server-signup')).toMatchObject({
        signupId: signup.signupId,
        paid: true,
      });
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain(signup.registrationKey);
    },
  );

  it('writes nothing for another signup’s cookie: the key of an unpaid signup beside the token', async () => {
    const { token } = await paidWithScripts();
    const other = await signupReadyToPay(app);
    const res = await get(
      '/app/join/credentials',
      `${keyCookie(other)}; ${CREDENTIALS_TOKEN_COOKIE}=${token}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<main>');
    expect(res.body).not.toContain(other.email);
  });

  it('the app’s credentials clear the token cookie; /receipt is then written for the logged-in owner, in both languages', async () => {
    const { signup, token, cookie } = await paidWithScripts();
    const { set, session } = await setCredentialsFromThePage(token);
    const cleared = setCookies(set).find((c) => c.startsWith(`${CREDENTIALS_TOKEN_COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Path=\/app\/join/);

    // The browser after the credentials: the key cookie and the session, no token, no posted cookie.
    const browser = `${keyCookie(signup)}; ${session}`;
    expect((await get('/app/join/credentials', browser)).body).not.toContain('<main>');
    for (const [locale, headers] of [
      ['en', { 'accept-language': 'en' }],
      ['es-MX', { 'accept-language': 'es-MX' }],
    ] as const) {
      const res = await get('/app/join/receipt', browser, headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<main>/app/join/receipt ${locale} ${signup.email}</main>`);
      expect(res.headers['cache-control']).toBe('no-store');
      const [query] = writtenJson(res.body, 'server-queries') as {
        queryKey: unknown[];
        data: unknown;
      }[];
      expect(query?.queryKey).toEqual(['signup-receipt', signup.signupId]);
      expect(query?.data).toMatchObject({ email: signup.email });
    }
    const inSpanish = await get('/app/join/receipt', `${browser}; coparent_lang=es-MX`);
    expect(inSpanish.body).toContain('<main>/app/join/receipt es-MX');
    // The token cookie the browser held until then changes nothing.
    expect((await get('/app/join/receipt', `${browser}; ${cookie}`)).body).toContain('<main>');
  });

  it('leaves /receipt to the app without the owner’s session: none, logged out, or another parent’s', async () => {
    const first = await paidWithScripts();
    const { session } = await setCredentialsFromThePage(first.token);
    const second = await paidWithScripts();
    const { session: secondSession } = await setCredentialsFromThePage(second.token);

    expect((await get('/app/join/receipt', keyCookie(first.signup))).body).not.toContain('<main>');
    // Another parent's session beside this signup's key, and this parent's beside another's key.
    for (const cookie of [
      `${keyCookie(first.signup)}; ${secondSession}`,
      `${keyCookie(second.signup)}; ${session}`,
    ]) {
      const res = await get('/app/join/receipt', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<main>');
      expect(res.body).not.toContain(first.signup.email);
      expect(res.body).not.toContain(second.signup.email);
    }
    // Logged out: the session is gone, the page is the app's again.
    const logout = await app.inject({
      method: 'POST',
      url: '/v2/logout',
      headers: { ...OWN_PAGE, cookie: session },
    });
    expect(logout.statusCode).toBe(204);
    const after = await get('/app/join/receipt', `${keyCookie(first.signup)}; ${session}`);
    expect(after.body).not.toContain('<main>');
  });
});
