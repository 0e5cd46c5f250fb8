import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import {
  billingBody,
  createSignup,
  paymentRequest,
  postPayment,
  saveFamily,
  savePackage,
} from '../test/signup-fixtures.js';
import { uniqueEmail, useTestDatabase } from '../test/test-app.js';
import { ENTRY_ELEMENT_NAMES, SHELL, setCookies, useWebPagesApp } from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real screens): it
 * writes the page's path and the saved answers of the signup it was given.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/step1', '/step2', '/step3', '/payment'];
export const SIGNUP_PAGE_PATHS = ['/step1', '/step2', '/step3', '/payment'];
export async function serverPageQueries() { return []; }
export async function render(request, locale, written) {
  const signup = written?.signup;
  const answers = signup ? [signup.parent.firstName, signup.coParent?.firstName, signup.order?.packageId].join(' ') : 'first visit';
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ': ' + answers + '</main>', title: 'Step' };
}
`;

/** What the app's own fetch carries that an API client's call does not. */
const OWN_PAGE = { 'sec-fetch-site': 'same-origin' };
const MARKER = 'coparent_signup_saved=1';

describe('step pages written for a browser with scripts after its API saves', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const { open } = useWebPagesApp(ctx, { entry: ENTRY }, (built) => {
    app = built;
  });

  /** Step 1 and 2 saved by the app's own calls: the cookies the browser then holds. */
  async function browserAtStepThree() {
    const created = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      headers: OWN_PAGE,
      payload: {
        sections: ['PARENT'],
        parent: {
          firstName: 'Ana',
          lastName: 'López',
          email: uniqueEmail('scripts'),
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
        knowsCoParentEmail: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signup = created.json() as { signupId: string; registrationKey: string };
    const key = `coparent_signup=${signup.signupId}.${signup.registrationKey}`;
    // The app's later calls carry the key cookie with them.
    const saved = await saveFamily(app, { ...signup, email: '' }, { ...OWN_PAGE, cookie: key });
    expect(saved.statusCode, saved.body).toBe(200);
    return { signup, key, created, saved };
  }

  it("marks a browser's create and saves for an hour: HttpOnly, SameSite=Lax, Path=/", async () => {
    const { created, saved } = await browserAtStepThree();
    for (const res of [created, saved]) {
      expect(setCookies(res)).toContain(`${MARKER}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`);
    }
    // The create still sets the key cookie beside it.
    expect(setCookies(created).some((c) => c.startsWith('coparent_signup='))).toBe(true);
  });

  it('writes step 2 and step 3 with the saved answers for the marked browser', async () => {
    const { signup, key } = await browserAtStepThree();
    for (const path of ['/step2', '/step3']) {
      const res = await open(path, `${key}; ${MARKER}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('data-server-rendered');
      expect(res.body, path).toContain(`<main>/app/join${path}: Ana Bruno`);
      expect(res.body, path).toContain(`"signupId":"${signup.signupId}"`);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('writes /payment with the saved order', async () => {
    const { signup, key } = await browserAtStepThree();
    const chosen = await savePackage(
      app,
      { ...signup, email: '' },
      { order: { packageId: 3003 } },
      { ...OWN_PAGE, cookie: key },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(setCookies(chosen)).toContain(`${MARKER}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`);
    const res = await open('/payment', `${key}; ${MARKER}`);
    expect(res.body).toContain('data-server-rendered');
    expect(res.body).toContain('<main>/app/join/payment: Ana Bruno 3003');
  });

  it('answers the shell without the marker, without the key, or with another key', async () => {
    const { signup, key } = await browserAtStepThree();
    for (const cookie of [key, MARKER, `coparent_signup=${signup.signupId}.forged; ${MARKER}`]) {
      const res = await open('/step2', cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body, cookie).toBe(SHELL);
    }
  });

  it('never writes a paid signup on the step pages', async () => {
    const { signup, key } = await browserAtStepThree();
    const full = { ...signup, email: '' };
    expect((await savePackage(app, full, { order: { packageId: 3003 } })).statusCode).toBe(200);
    const billed = await app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: billingBody(),
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const paid = await postPayment(app, full, await paymentRequest(app, full));
    expect(paid.statusCode, paid.body).toBe(200);
    for (const path of ['/step2', '/step3', '/payment']) {
      const res = await open(path, `${key}; ${MARKER}`);
      expect(res.body, path).not.toContain('Ana');
      expect(res.body, path).not.toContain('id="server-signup"');
    }
    // Step 1 is written as for a first visit.
    expect(await open('/step1', `${key}; ${MARKER}`).then((r) => r.body)).toContain(
      '<main>/app/join/step1: first visit',
    );
  });

  it('gives an API client with the key header no marker', async () => {
    const signup = await createSignup(app);
    const saved = await saveFamily(app, signup);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['set-cookie']).toBeUndefined();
    const chosen = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.headers['set-cookie']).toBeUndefined();
    // Its create sets the key cookie alone, as before.
    expect(signup.setCookie).toMatch(/^coparent_signup=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('gives no marker to a refused save', async () => {
    const { signup, key } = await browserAtStepThree();
    const refused = await app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { ...OWN_PAGE, cookie: key },
      payload: { sections: ['FAMILY'], coParent: {}, children: [] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
