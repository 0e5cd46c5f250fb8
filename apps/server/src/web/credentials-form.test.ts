import { CREDENTIALS_TOKEN_FIELD } from '@coparent/domain';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { CREDENTIALS_TOKEN_COOKIE } from '../modules/credentials/credentials-cookie.js';
import {
  paySignup,
  signupReadyToPay,
  TEST_PASSWORD,
  type TestSignup,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import { useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';
import {
  ENTRY_ELEMENT_NAMES,
  loadPage,
  OWN_POST,
  setCookies,
  useWebPagesApp,
  writtenJson,
} from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real pages): it writes
 * the page's path, its language and the problems it was given.
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
  const errors = (written?.submission?.errors ?? []).map((error) => error.text).join('|');
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ' ' + locale + ' ' + errors + '</main>', title: 'Page' };
}
`;

describe('/credentials and /receipt after a payment posted as a form', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const pages = useWebPagesApp(ctx, { entry: ENTRY, env: WHOLE_FUNNEL_RATE_LIMITS }, (built) => {
    app = built;
  });

  /** A paid signup, and the cookies the payment's form post leaves in the browser. */
  async function paid(language = 'en') {
    const signup = await signupReadyToPay(app);
    const payment = await paySignup(app, signup, language);
    return { signup, token: payment.clickToJoinToken, cookie: browserCookie(signup, payment) };
  }

  function browserCookie(signup: TestSignup, payment: { clickToJoinToken: string }) {
    return [
      `coparent_signup=${signup.signupId}.${signup.registrationKey}`,
      `${CREDENTIALS_TOKEN_COOKIE}=${payment.clickToJoinToken}`,
      'coparent_signup_posted=1',
    ].join('; ');
  }

  const post = (
    cookie: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ) => pages.post('/credentials', fields, { ...OWN_POST, cookie, ...headers });

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    loadPage(app, url, { cookie, ...headers });

  it('writes /credentials with the paid signup for a browser holding the token, never the token', async () => {
    const { signup, token, cookie } = await paid();
    const res = await get('/app/join/credentials', cookie, { 'accept-language': 'es-MX' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>/app/join/credentials es-MX');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(writtenJson(res.body, 'server-signup')).toMatchObject({
      signupId: signup.signupId,
      paid: true,
      parent: { email: signup.email },
    });
    expect(res.body).not.toContain(token);
  });

  it('leaves /credentials to the app without the cookie, or for the emailed link', async () => {
    const { signup, token } = await paid();
    const keyOnly = `coparent_signup=${signup.signupId}.${signup.registrationKey}`;
    const shell = await get('/app/join/credentials', keyOnly);
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('<main>');
    const link = await get(
      `/app/join/credentials?token=${encodeURIComponent(token)}`,
      `${keyOnly}; ${CREDENTIALS_TOKEN_COOKIE}=${token}`,
    );
    expect(link.body).not.toContain('<main>');
  });

  it('sets the credentials, clears the cookie, logs in and goes to the receipt', async () => {
    const { cookie } = await paid();
    const username = uniqueUsername('form');
    const res = await post(cookie, { username, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/app/join/receipt');
    const cookies = setCookies(res);
    const cleared = cookies.find((c) => c.startsWith(`${CREDENTIALS_TOKEN_COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Path=\/app\/join/);
    // The receipt is written by the server for this browser.
    expect(cookies.some((c) => c.startsWith('coparent_signup_posted=1'))).toBe(true);
    expect(
      cookies.some((c) => /HttpOnly/i.test(c) && !c.startsWith(CREDENTIALS_TOKEN_COOKIE)),
    ).toBe(true);

    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('answers a refused form with the username kept, never the password, and its problems', async () => {
    const { cookie } = await paid();
    const res = await post(cookie, { username: 'ana_lopez_1', password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('short');
    const submission = writtenJson(res.body, 'form-submission') as {
      path: string;
      values: Record<string, string>;
      errors: { field: string; text: string }[];
    };
    expect(submission.path).toBe('/credentials');
    expect(submission.values).toEqual({ username: 'ana_lopez_1' });
    expect(submission.errors.map((error) => error.field)).toContain('password');
    expect(submission.errors.every((error) => error.text.length > 0)).toBe(true);
    expect(writtenJson(res.body, 'server-signup')).toMatchObject({ paid: true });
  });

  it('says the username is taken beside it (the service’s refusal), in the page’s language', async () => {
    const first = await paid();
    const username = uniqueUsername('taken');
    expect((await post(first.cookie, { username, password: TEST_PASSWORD })).statusCode).toBe(303);
    const second = await paid();
    const res = await post(
      second.cookie,
      { username, password: TEST_PASSWORD },
      { 'accept-language': 'es-MX' },
    );
    expect(res.statusCode).toBe(422);
    const submission = writtenJson(res.body, 'form-submission') as {
      errors: { field: string; text: string }[];
    };
    expect(submission.errors).toEqual([
      expect.objectContaining({
        field: 'username',
        text: 'Este nombre de usuario no se puede usar',
      }),
    ]);
  });

  it('answers a used token with its banner and clears the cookie', async () => {
    const { cookie } = await paid();
    const username = uniqueUsername('used');
    expect((await post(cookie, { username, password: TEST_PASSWORD })).statusCode).toBe(303);
    const again = await post(cookie, {
      username: uniqueUsername('again'),
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(401);
    const submission = writtenJson(again.body, 'form-submission') as {
      errors: { field: string }[];
    };
    expect(submission.errors).toEqual([
      expect.objectContaining({ field: CREDENTIALS_TOKEN_FIELD }),
    ]);
    expect(setCookies(again).some((c) => c.startsWith(`${CREDENTIALS_TOKEN_COOKIE}=;`))).toBe(true);
  });

  it('refuses a post from another site', async () => {
    const { cookie } = await paid();
    const res = await post(
      cookie,
      { username: uniqueUsername('x'), password: TEST_PASSWORD },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('sends a post without the token cookie back to the page (the app says where the link is)', async () => {
    const res = await post('', { username: uniqueUsername('none'), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/join/credentials');
  });

  it('writes /receipt with the paid signup’s receipt for a browser that posted the funnel', async () => {
    const { signup, cookie } = await paid();
    const res = await get('/app/join/receipt', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>/app/join/receipt');
    const [query] = writtenJson(res.body, 'server-queries') as {
      queryKey: unknown[];
      data: unknown;
    }[];
    expect(query?.queryKey).toEqual(['signup-receipt', signup.signupId]);
    expect(query?.data).toMatchObject({ email: signup.email });

    // A browser with scripts (no posted cookie): the tab's receipt, as before.
    const tab = await get('/app/join/receipt', cookie.replace('coparent_signup_posted=1', ''));
    expect(tab.body).not.toContain('<main>');
  });
});

describe('/credentials posted when the server cannot take it now', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(
    ctx,
    { entry: ENTRY, env: { ...WHOLE_FUNNEL_RATE_LIMITS, RATE_LIMIT_CREDENTIALS_PER_MINUTE: '1' } },
    (built) => {
      app = built;
    },
  );

  it('answers too many posts as the page, the username kept', async () => {
    const signup = await signupReadyToPay(app);
    const payment = await paySignup(app, signup);
    const cookie = [
      `coparent_signup=${signup.signupId}.${signup.registrationKey}`,
      `${CREDENTIALS_TOKEN_COOKIE}=${payment.clickToJoinToken}`,
    ].join('; ');
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/app/join/credentials',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie,
        },
        payload: new URLSearchParams({ username: 'ana_lopez_1', password: 'short' }).toString(),
      });
    expect((await post()).statusCode).toBe(422);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('<main>/app/join/credentials');
    expect(refused.body).not.toContain('short');
    expect(writtenJson(refused.body, 'form-submission')).toMatchObject({
      values: { username: 'ana_lopez_1' },
    });
  });
});
