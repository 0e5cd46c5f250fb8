import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translateMessage } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';
import { formFields } from './join-forms.js';

const SHELL =
  '<!doctype html><html lang="en"><head><title>CoParent Hub</title></head>' +
  '<body><div id="root"></div></body></html>';

/** A stand-in for the web build's server entry: it writes the page's path and language. */
const ENTRY = `
export const SERVER_RENDERED_PATHS = ['/pro'];
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
export const RENDERED_LANGUAGE_ATTRIBUTE = 'data-rendered-lang';
export const FORM_SUBMISSION_ELEMENT_ID = 'form-submission';
export const SIGNUP_PAGE_PATHS = [];
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';
export async function serverPageQueries() { return []; }
export const SERVER_SIGNUP_ELEMENT_ID = 'server-signup';
export async function render(request, locale) {
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ' ' + locale + '</main>', title: 'Page' };
}
`;

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pro-form-'));
  mkdirSync(join(dir, 'dist'));
  mkdirSync(join(dir, 'dist-server'));
  writeFileSync(join(dir, 'dist', 'index.html'), SHELL);
  writeFileSync(join(dir, 'dist-server', 'entry-server.js'), ENTRY);
  return dir;
}

type Submission = {
  path: string;
  values: Record<string, string>;
  errors: { field: string; text: string }[];
};

const submissionOf = (body: string): Submission => {
  const found = /<script type="application\/json" id="form-submission">(.*?)<\/script>/.exec(body);
  return JSON.parse(found?.[1] ?? 'null') as Submission;
};

const STARTED = '2026-11-29T08:00:00.000Z';
const stepOne = (email: string) => ({
  firstName: 'Ana',
  lastName: 'García',
  email,
  phoneCountryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  hearAboutUs: 'SEARCH_ENGINE',
  activityStart: STARTED,
});
const STEP_TWO = {
  practiceName: 'García Family Law',
  addressLine1: '100 Main Street',
  country: 'US',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  timezone: 'America/Los_Angeles',
};
const STEP_THREE = {
  securityQuestion: 'What was my first school?',
  securityAnswer: 'Lincoln Elementary',
  securityCode: '1234',
  securityCodeConfirm: '1234',
};

let sequence = 0;
const uniqueEmail = () => `pro-form-${Date.now()}-${++sequence}@example.com`;

describe('POST /app/join/pro: the professional registration without a script', () => {
  const ctx = useTestDatabase('pglite');
  let dir: string;
  let app: App;

  beforeAll(async () => {
    dir = webBuild();
    app = await buildTestApp(ctx.database, {
      env: { ...WHOLE_FUNNEL_RATE_LIMITS, WEB_DIST_DIR: join(dir, 'dist') },
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (
    fields: [string, string][] | Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/app/join/pro',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('keeps every value of a name ending in [] and the first of any other', () => {
    expect(formFields('roles[]=A&roles[]=B&name=x&name=y&one[]=only')).toEqual({
      'roles[]': ['A', 'B'],
      name: 'x',
      'one[]': ['only'],
    });
  });

  it('refuses step 1 with its problems in the visitor’s language, what was typed kept', async () => {
    const res = await post(
      { ...stepOne(uniqueEmail()), firstName: '', proStep: '1' },
      { 'accept-language': 'es-MX' },
    );
    expect(res.statusCode).toBe(422);
    const { values, errors } = submissionOf(res.body);
    expect(errors).toContainEqual(
      expect.objectContaining({
        field: 'firstName',
        text: translateMessage('signup_firstName_error', 'es-MX'),
      }),
    );
    expect(values).toMatchObject({ proStep: '1', lastName: 'García' });
  });

  it('answers an accepted step 1 with step 2 carrying it; Back answers step 1', async () => {
    const email = uniqueEmail();
    const res = await post({ ...stepOne(email), proStep: '1' });
    expect(res.statusCode).toBe(200);
    expect(submissionOf(res.body).values).toMatchObject({
      proStep: '2',
      email,
      activityStart: STARTED,
    });

    const back = await post({ ...stepOne(email), ...STEP_TWO, proStep: '2', proAction: 'back' });
    expect(back.statusCode).toBe(200);
    expect(submissionOf(back.body).values).toMatchObject({
      proStep: '1',
      practiceName: STEP_TWO.practiceName,
    });
  });

  it('answers Update with the same step and what was typed, nothing checked', async () => {
    const fields = { ...stepOne(uniqueEmail()), ...STEP_TWO, country: 'CA', region: '' };
    const res = await post({ ...fields, proStep: '2', proAction: 'update' });
    expect(res.statusCode).toBe(200);
    const { values, errors } = submissionOf(res.body);
    expect(values).toMatchObject({
      proStep: '2',
      country: 'CA',
      practiceName: 'García Family Law',
    });
    expect(errors).toEqual([]);
  });

  it('reads every ticked role of step 2, and refuses a step 2 without one', async () => {
    const fields = Object.entries({ ...stepOne(uniqueEmail()), ...STEP_TWO, proStep: '2' });
    const res = await post([
      ...fields,
      ['roles[]', 'FAMILY_LAW_ATTORNEY'],
      ['roles[]', 'MEDIATOR'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(submissionOf(res.body).values).toMatchObject({
      proStep: '3',
      roles: 'FAMILY_LAW_ATTORNEY,MEDIATOR',
    });

    const none = await post(fields);
    expect(none.statusCode).toBe(422);
    expect(submissionOf(none.body).errors).toContainEqual(
      expect.objectContaining({
        field: 'roles',
        text: translateMessage('signup_roles_error', 'en'),
      }),
    );
  });

  it('refuses step 3 without writing the answer or the code back', async () => {
    const res = await post({
      ...stepOne(uniqueEmail()),
      ...STEP_TWO,
      roles: 'FAMILY_LAW_ATTORNEY',
      ...STEP_THREE,
      securityCodeConfirm: '9999',
      proStep: '3',
    });
    expect(res.statusCode).toBe(422);
    expect(submissionOf(res.body).errors.map((error) => error.field)).toEqual([
      'securityCodeConfirm',
    ]);
    expect(res.body).not.toContain('Lincoln Elementary');
    expect(Object.keys(submissionOf(res.body).values)).not.toContain('securityCode');
  });

  it('creates the professional and answers the success; the same post again creates nothing', async () => {
    const email = uniqueEmail();
    const body: [string, string][] = [
      ...Object.entries({ ...stepOne(email), ...STEP_TWO, ...STEP_THREE, proStep: '3' }),
      ['roles[]', 'FAMILY_LAW_ATTORNEY'],
    ];
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { values } = submissionOf(res.body);
    expect(values.proStep).toBe('done');
    expect(JSON.parse(values.proUser ?? '{}')).toMatchObject({ email });
    expect(res.body).not.toContain('Lincoln Elementary');
    const cookie = [res.headers['set-cookie']].flat().map(String)[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^coparent_pro_created=/);

    // A reload posts it again: the same success, not an "email has an account".
    const again = await post(body, { cookie });
    expect(again.statusCode).toBe(200);
    expect(submissionOf(again.body).values.proStep).toBe('done');
    // Without the cookie, the API's create would refuse the email: one professional only.
    const elsewhere = await post(body);
    expect(elsewhere.statusCode).toBe(422);
    expect(submissionOf(elsewhere.body).values.proStep).toBe('1');
  });

  it('refuses a post from another site', async () => {
    const res = await post(
      { ...stepOne(uniqueEmail()), proStep: '1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
  });
});
