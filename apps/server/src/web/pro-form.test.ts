import { translateMessage } from '@coparent/domain';
import { describe, expect, it } from 'vitest';
import { useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';
import {
  ENTRY_ELEMENT_NAMES,
  OWN_POST,
  useWebPagesApp,
  writtenSubmission,
} from '../test/web-pages.js';
import { formFields } from './join-forms.js';

/** A stand-in for the web build's server entry: it writes the page's path and language. */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/pro'];
export const SIGNUP_PAGE_PATHS = [];
export async function serverPageQueries() { return []; }
export async function render(request, locale) {
  return { kind: 'page', status: 200, html: '<main>' + new URL(request.url).pathname + ' ' + locale + '</main>', title: 'Page' };
}
`;

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
  const pages = useWebPagesApp(ctx, { entry: ENTRY, env: WHOLE_FUNNEL_RATE_LIMITS });

  const post = (
    fields: [string, string][] | Record<string, string>,
    headers: Record<string, string> = {},
  ) => pages.post('/pro', fields, { ...OWN_POST, ...headers });

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
    const { values, errors } = writtenSubmission(res.body);
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
    expect(writtenSubmission(res.body).values).toMatchObject({
      proStep: '2',
      email,
      activityStart: STARTED,
    });

    const back = await post({ ...stepOne(email), ...STEP_TWO, proStep: '2', proAction: 'back' });
    expect(back.statusCode).toBe(200);
    expect(writtenSubmission(back.body).values).toMatchObject({
      proStep: '1',
      practiceName: STEP_TWO.practiceName,
    });
  });

  it('answers Update with the same step and what was typed, nothing checked', async () => {
    const fields = { ...stepOne(uniqueEmail()), ...STEP_TWO, country: 'CA', region: '' };
    const res = await post({ ...fields, proStep: '2', proAction: 'update' });
    expect(res.statusCode).toBe(200);
    const { values, errors } = writtenSubmission(res.body);
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
    expect(writtenSubmission(res.body).values).toMatchObject({
      proStep: '3',
      roles: 'FAMILY_LAW_ATTORNEY,MEDIATOR',
    });

    const none = await post(fields);
    expect(none.statusCode).toBe(422);
    expect(writtenSubmission(none.body).errors).toContainEqual(
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
    expect(writtenSubmission(res.body).errors.map((error) => error.field)).toEqual([
      'securityCodeConfirm',
    ]);
    expect(res.body).not.toContain('Lincoln Elementary');
    expect(Object.keys(writtenSubmission(res.body).values)).not.toContain('securityCode');
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
    const { values } = writtenSubmission(res.body);
    expect(values.proStep).toBe('done');
    expect(JSON.parse(values.proUser ?? '{}')).toMatchObject({ email });
    expect(res.body).not.toContain('Lincoln Elementary');
    const cookie = [res.headers['set-cookie']].flat().map(String)[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^coparent_pro_created=/);

    // A reload posts it again: the same success, not an "email has an account".
    const again = await post(body, { cookie });
    expect(again.statusCode).toBe(200);
    expect(writtenSubmission(again.body).values.proStep).toBe('done');
    // Without the cookie, the API's create would refuse the email: one professional only.
    const elsewhere = await post(body);
    expect(elsewhere.statusCode).toBe(422);
    expect(writtenSubmission(elsewhere.body).values.proStep).toBe('1');
  });

  it('refuses a post from another site', async () => {
    const res = await post(
      { ...stepOne(uniqueEmail()), proStep: '1' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
  });
});
