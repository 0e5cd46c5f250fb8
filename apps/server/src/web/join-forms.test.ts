import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { insertUser } from '../modules/account/repo.js';
import { findSignupById } from '../modules/signup/repo.js';
import {
  buildTestApp,
  createTestDatabase,
  type TestDatabase,
  uniqueEmail,
  useTestDatabase,
} from '../test/test-app.js';
import {
  ENTRY_ELEMENT_NAMES,
  OWN_POST,
  type StandInWebBuild,
  savedSignup,
  submitForm,
  useWebPagesApp,
  writeStandInWebBuild,
  writtenSubmission,
} from '../test/web-pages.js';

/**
 * A stand-in for the web build's server entry (whose own tests render the real step 1 with a
 * submission): it writes the page's path and the problems it was given.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/signup', '/step1', '/step2', '/step3'];
export const SIGNUP_PAGE_PATHS = ['/step1', '/step2', '/step3'];
export async function serverPageQueries(path, { signup, fetchJson }) {
  if (path !== '/step3') return [];
  return [{ queryKey: ['coupons', signup.signupId], data: await fetchJson('/v2/signups/' + signup.signupId + '/coupons') }];
}
export async function render(request, locale, written) {
  const errors = (written?.submission?.errors ?? []).map((error) => error.text).join('|');
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ' ' + errors + '</main>', title: 'Step 1' };
}
`;

const STEP_ONE = {
  firstName: 'Ana',
  lastName: 'Ruiz',
  countryCode: 'MEXICO',
  phoneNumber: '5512345678',
  knowsCoParentEmail: 'no',
};

/** A browser's post of step 1 on its own page, unless `headers` say otherwise (undefined: not sent). */
function postForm(
  app: App,
  fields: Record<string, string>,
  headers: Record<string, string | undefined> = {},
) {
  return submitForm(app, '/app/join/step1', fields, { ...OWN_POST, ...headers });
}

describe('step 1 posted by a browser without a script', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(ctx, { entry: ENTRY }, (built) => {
    app = built;
  });

  const post = (fields: Record<string, string>, headers: Record<string, string | undefined> = {}) =>
    postForm(app, fields, headers);

  /** The signup the answer's cookie names, and the cookie to send back. */
  function signupCookieOf(res: { headers: Record<string, unknown> }) {
    const setCookie = [res.headers['set-cookie'] ?? []].flat().join('\n');
    const match = /coparent_signup=([^.;]+)\.([^;]+)/.exec(setCookie);
    if (!match?.[1]) return undefined;
    return { signupId: match[1], cookie: `coparent_signup=${match[1]}.${match[2]}`, setCookie };
  }

  it('saves a complete step 1 as a new signup, keeps its key in the cookie and goes on to step 2', async () => {
    const email = uniqueEmail('nojs');
    const res = await post({ ...STEP_ONE, email });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/join/step2');
    const saved = signupCookieOf(res);
    expect(saved?.setCookie).toMatch(/coparent_signup=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    // …and tells the app, once it runs, that this browser holds a signup its tab may not know.
    expect(saved?.setCookie).toContain(
      'coparent_signup_posted=1; Path=/; Max-Age=3600; SameSite=Lax',
    );
    const row = await findSignupById(ctx.database.db, saved?.signupId ?? '');
    expect(row).toMatchObject({
      parentFirstName: 'Ana',
      parentEmail: email,
      parentPhoneCountryCode: 'MEXICO',
      knowsCoParentEmail: false,
      lastCompletedStep: 1,
    });

    // The app, once it runs, reads the same signup with the cookie alone.
    const read = await app.inject({
      method: 'GET',
      url: `/v2/signups/${saved?.signupId}`,
      headers: { cookie: saved?.cookie ?? '' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('answers the page again with what was sent and its problems, saving nothing', async () => {
    const res = await post(
      { firstName: 'Ana', lastName: '', email: 'ana@example', phoneNumber: '</script><b>' },
      { 'accept-language': 'es-MX' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe('es-MX');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<main>/app/join/step1 </main>');
    const written = /<script type="application\/json" id="form-submission">(.*?)<\/script>/.exec(
      res.body,
    )?.[1];
    // What was typed comes back to the page as data, never as markup.
    expect(written).not.toContain('</script>');
    expect(JSON.parse(written ?? 'null')).toEqual({
      path: '/step1',
      values: { firstName: 'Ana', lastName: '', email: 'ana@example', phoneNumber: '</script><b>' },
      errors: [],
    });
  });

  it('sends an email that has an account to /duplicate, creating nothing', async () => {
    const email = uniqueEmail('nojs-taken');
    await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
    const res = await post({ ...STEP_ONE, email });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/join/duplicate');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("saves over the browser's own signup when it posts again (Back, then Continue)", async () => {
    const first = signupCookieOf(await post({ ...STEP_ONE, email: uniqueEmail('again') }));
    const again = await post(
      { ...STEP_ONE, firstName: 'Anabel', email: uniqueEmail('again') },
      { cookie: first?.cookie ?? '' },
    );
    expect(again.statusCode).toBe(303);
    expect(signupCookieOf(again)).toBeUndefined();
    const row = await findSignupById(ctx.database.db, first?.signupId ?? '');
    expect(row?.parentFirstName).toBe('Anabel');
  });

  it('starts a new signup when the cookie names one the server does not know', async () => {
    const res = await post(
      { ...STEP_ONE, email: uniqueEmail('stale') },
      { cookie: 'coparent_signup=00000000-0000-4000-8000-000000000000.not-the-key' },
    );
    expect(res.statusCode).toBe(303);
    expect(signupCookieOf(res)?.signupId).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('refuses a post from another site, saving nothing', async () => {
    const email = uniqueEmail('csrf');
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      // A browser without Fetch Metadata still names the page's origin.
      { 'sec-fetch-site': undefined, origin: 'https://evil.example' },
    ]) {
      const res = await post({ ...STEP_ONE, email }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('takes a post whose origin is this site, from a browser without Fetch Metadata', async () => {
    const res = await post(
      { ...STEP_ONE, email: uniqueEmail('origin') },
      { 'sec-fetch-site': undefined, origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(res.statusCode).toBe(303);
  });

  it("writes step 1 with the browser's own signup, for the page and the app taking it over", async () => {
    const email = uniqueEmail('again-later');
    const saved = signupCookieOf(await post({ ...STEP_ONE, email }));
    const posted = 'coparent_signup_posted=1';
    const page = await app.inject({
      method: 'GET',
      url: '/app/join/step1',
      headers: { accept: 'text/html', cookie: `${saved?.cookie}; ${posted}` },
    });
    expect(page.statusCode).toBe(200);
    // The saved answers are the person's: no cache keeps them.
    expect(page.headers['cache-control']).toBe('no-store');
    const written = /<script type="application\/json" id="server-signup">(.*?)<\/script>/.exec(
      page.body,
    )?.[1];
    expect(JSON.parse(written ?? 'null')).toMatchObject({
      signupId: saved?.signupId,
      lastCompletedStep: 1,
      parent: { firstName: 'Ana', email },
    });
    // Another browser, a forged key, or a browser that saved nothing by a post within the hour
    // (its tab keeps its answers; closed, they are gone for the next person) gets a first visit's.
    for (const cookie of [
      '',
      `coparent_signup=${saved?.signupId}.forged; ${posted}`,
      saved?.cookie ?? '',
    ]) {
      const other = await app.inject({
        method: 'GET',
        url: '/app/join/step1',
        headers: { accept: 'text/html', cookie },
      });
      expect(other.body).not.toContain('id="server-signup"');
      expect(other.headers['cache-control']).toBe('no-cache');
    }
  });

  it('takes form bodies here only: the API still answers 415 to one', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...STEP_ONE, email: uniqueEmail('api') }).toString(),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('step 1 posted when the server cannot take it now', () => {
  const complete = { ...STEP_ONE, email: 'ana.later@example.com' };
  let own: TestDatabase;
  let web: StandInWebBuild;
  let limited: App;
  let app: App;

  beforeAll(async () => {
    web = writeStandInWebBuild({ entry: ENTRY });
    const env = { WEB_DIST_DIR: web.distDir };
    own = await createTestDatabase('pglite');
    app = await buildTestApp(own.database, { env });
    limited = await buildTestApp(own.database, {
      env: { ...env, RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '2' },
    });
  });
  afterAll(async () => {
    await limited?.close();
    await app?.close();
    web?.remove();
  });

  it("says there were too many posts on the page, in the visitor's language, with what was typed", async () => {
    await postForm(limited, { firstName: 'Ana' });
    await postForm(limited, { firstName: 'Ana' });
    const refused = await postForm(limited, complete, { 'accept-language': 'es-MX' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.body).toContain('Hubo demasiados intentos desde esta conexión');
    expect(writtenSubmission(refused.body)).toMatchObject({ path: '/step1', values: complete });
  });

  it('says the database is away with the page, not a problem document, and keeps the values', async () => {
    await own.database.close();
    const away = await postForm(app, complete, { 'accept-language': 'en' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.headers['content-type']).toMatch(/^text\/html/);
    expect(away.body).toContain('We could not save your answers just now');
    expect(writtenSubmission(away.body)).toMatchObject({ values: complete });
  });
});

describe('step 2 posted by a browser without a script', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(ctx, { entry: ENTRY }, (built) => {
    app = built;
  });

  const FAMILY = {
    'coParent.firstName': 'Luis',
    'coParent.lastName': 'Pérez',
    'coParent.email': '',
    'coParent.countryCode': 'MEXICO',
    'coParent.phoneNumber': '5587654321',
    'children.0.firstName': 'Mateo',
    'children.0.lastName': 'Pérez',
    'children.0.email': '',
  };

  /** A browser that posted step 1 (knowing no co-parent email): the cookie it holds. */
  async function browserAtStepTwo(): Promise<{ signupId: string; cookie: string }> {
    return savedSignup(await postForm(app, { ...STEP_ONE, email: uniqueEmail('family') }));
  }

  const postFamily = (cookie: string, fields: Record<string, string>, site = 'same-origin') =>
    submitForm(app, '/app/join/step2', fields, { 'sec-fetch-site': site, cookie });

  const readSignup = async ({ signupId, cookie }: { signupId: string; cookie: string }) =>
    (
      await app.inject({ method: 'GET', url: `/v2/signups/${signupId}`, headers: { cookie } })
    ).json();

  it("saves the family of the browser's signup and goes on to step 3", async () => {
    const browser = await browserAtStepTwo();
    const res = await postFamily(browser.cookie, FAMILY);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/join/step3');
    expect(res.headers['set-cookie']).toContain('coparent_signup_posted=1');
    expect(await readSignup(browser)).toMatchObject({
      lastCompletedStep: 2,
      coParent: { firstName: 'Luis', phoneNumber: '5587654321', email: null },
      children: [{ firstName: 'Mateo', lastName: 'Pérez' }],
    });
  });

  it('answers the page again with what was sent, saving nothing', async () => {
    const browser = await browserAtStepTwo();
    // Step 1 said the co-parent's email is unknown: their phone is needed.
    const res = await postFamily(browser.cookie, {
      ...FAMILY,
      'coParent.phoneNumber': '',
      'children.0.lastName': '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(writtenSubmission(res.body)).toMatchObject({
      path: '/step2',
      values: { 'coParent.firstName': 'Luis', 'children.0.lastName': '' },
    });
    // The page is written with the signup (the rules that need step 1's answers).
    expect(res.body).toContain('id="server-signup"');
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 1, coParent: null });
  });

  it('saves "also text them" as a ticked box posts it, and answers a landline by the phone', async () => {
    const browser = await browserAtStepTwo();
    const landline = {
      'coParent.countryCode': 'UNITED_KINGDOM',
      'coParent.phoneNumber': '02079460000',
    };
    const refused = await postFamily(browser.cookie, {
      ...FAMILY,
      ...landline,
      'coParent.email': uniqueEmail('texted'),
      'coParent.alsoText': 'on',
    });
    expect(refused.statusCode).toBe(422);
    expect(writtenSubmission(refused.body)).toMatchObject({
      values: { 'coParent.alsoText': 'on' },
      errors: [
        {
          field: 'coParent.phoneNumber',
          text: 'This looks like a landline number. Enter a mobile number that can receive text messages.',
        },
      ],
    });
    const saved = await postFamily(browser.cookie, {
      ...FAMILY,
      'coParent.email': uniqueEmail('texted'),
      'coParent.alsoText': 'on',
    });
    expect(saved.statusCode).toBe(303);
    expect(await readSignup(browser)).toMatchObject({
      coParent: { phoneNumber: '5587654321', alsoText: true },
    });
  });

  it('adds and removes a child on the page, saving nothing and listing no problem', async () => {
    const browser = await browserAtStepTwo();
    const added = await postFamily(browser.cookie, { ...FAMILY, familyAction: 'add-child' });
    expect(added.statusCode).toBe(200);
    expect(writtenSubmission(added.body)).toMatchObject({
      checked: false,
      errors: [],
      values: {
        'children.0.firstName': 'Mateo',
        'children.1.firstName': '',
        'children.1.lastName': '',
      },
    });
    const removed = await postFamily(browser.cookie, {
      ...FAMILY,
      'children.1.firstName': 'Sofía',
      'children.1.lastName': 'Pérez',
      familyAction: 'remove-child-0',
    });
    const values = (writtenSubmission(removed.body) as { values: Record<string, string> }).values;
    expect(values['children.0.firstName']).toBe('Sofía');
    expect(values['children.1.firstName']).toBeUndefined();
    // The last child stays: one is needed.
    const last = await postFamily(browser.cookie, { ...FAMILY, familyAction: 'remove-child-0' });
    expect(writtenSubmission(last.body)).toMatchObject({
      values: { 'children.0.firstName': 'Mateo' },
    });
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 1, coParent: null });
  });

  it("warns once that the co-parent's email has an account; Continue on the warning goes on", async () => {
    const browser = await browserAtStepTwo();
    const email = uniqueEmail('coparent-taken');
    await insertUser(ctx.database.db, { email, firstName: 'Luis', lastName: 'Pérez' });
    const warned = await postFamily(browser.cookie, { ...FAMILY, 'coParent.email': email });
    expect(warned.statusCode).toBe(200);
    expect(writtenSubmission(warned.body)).toMatchObject({
      errors: [{ field: 'coParentDuplicate', type: 'DUPLICATE' }],
    });
    const confirmed = await postFamily(browser.cookie, {
      ...FAMILY,
      'coParent.email': email,
      coParentDuplicateConfirmed: 'yes',
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/app/join/step3');
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 2 });
  });

  it('sends a browser without a signup to step 1, and refuses a post from another site', async () => {
    const none = await postFamily('', FAMILY);
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe('/app/join/step1');
    const browser = await browserAtStepTwo();
    const forged = await postFamily(`coparent_signup=${browser.signupId}.forged`, FAMILY);
    expect(forged.headers.location).toBe('/app/join/step1');
    const crossSite = await postFamily(browser.cookie, FAMILY, 'cross-site');
    expect(crossSite.statusCode).toBe(403);
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 1 });
  });

  it('writes step 2 on the server only for a browser whose signup has reached it', async () => {
    const browser = await browserAtStepTwo();
    const page = (cookie: string) =>
      app.inject({
        method: 'GET',
        url: '/app/join/step2',
        headers: { accept: 'text/html', cookie },
      });
    const posted = `${browser.cookie}; coparent_signup_posted=1`;
    const written = await page(posted);
    expect(written.body).toContain('<main>/app/join/step2');
    expect(written.body).toContain('id="server-signup"');
    // Without the signup (or the post within the hour) the tab decides: the app's shell.
    for (const cookie of ['', browser.cookie, 'coparent_signup_posted=1']) {
      const shell = await page(cookie);
      expect(shell.statusCode).toBe(200);
      expect(shell.body).not.toContain('<main>');
      expect(shell.body).toContain('<div id="root"></div>');
    }
  });
});

describe('step 3 posted by a browser without a script', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  const pages = useWebPagesApp(ctx, { entry: ENTRY }, (built) => {
    app = built;
  });

  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    pages.post(path, fields, { ...OWN_POST, cookie });

  /** A browser that posted steps 1 and 2: the cookie it holds. */
  async function browserAtStepThree(): Promise<{ signupId: string; cookie: string }> {
    const browser = savedSignup(
      await postForm(app, { ...STEP_ONE, email: uniqueEmail('package') }),
    );
    const family = await post('/step2', browser.cookie, {
      'coParent.firstName': 'Luis',
      'coParent.lastName': 'Pérez',
      'coParent.countryCode': 'MEXICO',
      'coParent.phoneNumber': '5587654321',
      'children.0.firstName': 'Mateo',
      'children.0.lastName': 'Pérez',
    });
    expect(family.headers.location).toBe('/app/join/step3');
    return browser;
  }

  /** The packages offered to the step-1 phone, as the page's cards show them. */
  async function offeredPackages(): Promise<
    { id: number; buildYourOwn: boolean; subscription: string }[]
  > {
    const group = (
      await app.inject({ url: '/v2/pricing?countryCode=52&phoneNumber=5512345678' })
    ).json() as { packageIds: number[]; country: string };
    const packages = await app.inject({
      url: `/v2/packages?ids=${group.packageIds.join(',')}&country=${group.country}`,
    });
    type Card = { id: number; buildYourOwn: boolean; subscription: string };
    return (packages.json() as { packages: Card[] }).packages;
  }

  const readSignup = async ({ signupId, cookie }: { signupId: string; cookie: string }) =>
    (
      await app.inject({ method: 'GET', url: `/v2/signups/${signupId}`, headers: { cookie } })
    ).json();

  it('saves the package a card posts and goes on to the payment, or to build your own', async () => {
    const packages = await offeredPackages();
    const ready = packages.find((pkg) => !pkg.buildYourOwn);
    const buildYourOwn = packages.find((pkg) => pkg.buildYourOwn);
    if (!ready || !buildYourOwn) throw new Error('the catalog offers both kinds');

    const browser = await browserAtStepThree();
    const chosen = await post('/step3', browser.cookie, { packageId: String(ready.id) });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/app/join/payment');
    expect(await readSignup(browser)).toMatchObject({
      lastCompletedStep: 3,
      order: { packageId: ready.id },
    });

    const other = await browserAtStepThree();
    const own = await post('/step3', other.cookie, { packageId: String(buildYourOwn.id) });
    expect(own.headers.location).toBe('/app/join/alacarte');
    expect(await readSignup(other)).toMatchObject({
      lastCompletedStep: 2,
      pendingBuildYourOwnPackageId: buildYourOwn.id,
    });
  });

  it('saves the options of build your own and goes on to the payment', async () => {
    const packages = await offeredPackages();
    const own = packages.filter((pkg) => pkg.buildYourOwn) as {
      id: number;
      subscription: string;
    }[];
    const oneYear = own.find((pkg) => pkg.subscription === 'SUB1YEAR');
    const twoYears = own.find((pkg) => pkg.subscription === 'SUB2YEAR');
    if (!oneYear || !twoYears) throw new Error('the catalog offers both terms');
    const browser = await browserAtStepThree();
    await post('/step3', browser.cookie, { packageId: String(oneYear.id) });
    const termPackages = {
      'packageFor.SUB1YEAR': String(oneYear.id),
      'packageFor.SUB2YEAR': String(twoYears.id),
    };

    // A post naming no term shows the options again, saving nothing.
    const none = await post('/alacarte', browser.cookie, termPackages);
    expect(none.headers.location).toBe('/app/join/alacarte');
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 2 });

    const saved = await post('/alacarte', browser.cookie, {
      ...termPackages,
      subscription: 'SUB2YEAR',
      myfiles: 'on',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/app/join/payment');
    expect(await readSignup(browser)).toMatchObject({
      lastCompletedStep: 3,
      order: { packageId: twoYears.id },
      buildYourOwn: { subscription: 'SUB2YEAR', myfiles: true, tonemeter: false },
    });
  });

  it('shows the cards again for a package not offered, saving nothing', async () => {
    const browser = await browserAtStepThree();
    for (const packageId of ['0', 'abc', '999999']) {
      const res = await post('/step3', browser.cookie, { packageId });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/app/join/step3');
    }
    expect(await readSignup(browser)).toMatchObject({ lastCompletedStep: 2, order: null });
  });

  it('sends a signup that has not reached step 3 to its next step, and none to step 1', async () => {
    const res = await postForm(app, { ...STEP_ONE, email: uniqueEmail('early') });
    const cookie = /coparent_signup=[^;]+/.exec([res.headers['set-cookie']].flat().join(''))?.[0];
    const early = await post('/step3', cookie ?? '', { packageId: '1' });
    expect(early.headers.location).toBe('/app/join/step2');
    const none = await post('/step3', '', { packageId: '1' });
    expect(none.headers.location).toBe('/app/join/step1');
  });

  it("writes step 3 with the answers its screen reads, read with the browser's own key", async () => {
    const browser = await browserAtStepThree();
    const page = await app.inject({
      method: 'GET',
      url: '/app/join/step3',
      headers: { accept: 'text/html', cookie: `${browser.cookie}; coparent_signup_posted=1` },
    });
    expect(page.statusCode).toBe(200);
    const written = /<script type="application\/json" id="server-queries">(.*?)<\/script>/.exec(
      page.body,
    )?.[1];
    expect(JSON.parse(written ?? 'null')).toEqual([
      { queryKey: ['coupons', browser.signupId], data: { coupons: expect.any(Array) } },
    ]);
  });
});
