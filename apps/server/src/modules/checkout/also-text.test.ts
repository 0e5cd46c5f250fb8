import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox, smsOutbox } from '../../db/schema.js';
import {
  billingBody,
  createSignup,
  getSignup,
  paySignup,
  saveBilling,
  savePackage,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';

/**
 * "Also text them": a co-parent with an email and a phone is texted the invitation too when
 * Parent A ticked it; and a number to be texted that cannot receive texts is refused at step 2.
 */

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

let phoneCounter = 0;
/** A Mexican number no other test uses (national, 10 digits) and its E.164 form. */
function uniqueMexicanPhone(): { national: string; e164: string } {
  phoneCounter += 1;
  const digits = `${(Date.now() + 500_000) % 1_000_000}${phoneCounter}`.padStart(8, '0').slice(-8);
  const national = `56${digits}`;
  return { national, e164: `+52${national}` };
}

type CoParent = {
  email?: string;
  phoneCountryCode?: string;
  phoneNumber?: string;
  alsoText?: boolean;
};

function saveCoParent(app: App, signup: TestSignup, coParent: CoParent, language = 'en') {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, language },
    payload: {
      sections: ['FAMILY'],
      coParent: { firstName: 'Bruno', lastName: 'López', ...coParent },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
  });
}

describe.each(BACKENDS)('"also text them" and numbers that cannot be texted on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const textsTo = (number: string) =>
    ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, number));
  const emailsTo = (address: string) =>
    ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

  /** Parent A's signup with the co-parent saved, a package and billing: ready to pay. */
  async function paidWith(coParent: CoParent): Promise<TestSignup> {
    const signup = await createSignup(app, { email: uniqueEmail('also-text') });
    const family = await saveCoParent(app, signup, coParent);
    expect(family.statusCode, family.body).toBe(200);
    expect((await savePackage(app, signup, { order: { packageId: 3003 } })).statusCode).toBe(200);
    expect((await saveBilling(app, signup, billingBody())).statusCode).toBe(200);
    await paySignup(app, signup);
    return signup;
  }

  it('texts and emails the invitation to a co-parent with both when it was ticked', async () => {
    const phone = uniqueMexicanPhone();
    const email = uniqueEmail('texted-too');
    const signup = await paidWith({
      email,
      phoneCountryCode: 'MEXICO',
      phoneNumber: phone.national,
      alsoText: true,
    });
    const [text, ...others] = await textsTo(phone.e164);
    expect(others).toEqual([]);
    expect(text).toMatchObject({ template: 'coparent-invitation-text', locale: 'en' });
    const [mail] = await emailsTo(email);
    expect(mail?.template).toBe('coparent-invitation');
    // The same invitation: the text's link is the email's.
    const link = text?.body?.match(/https:\/\/\S+\/app\/join\/invite\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    expect(JSON.stringify(mail)).toContain(link);
    expect((await getSignup(app, signup)).json().coParent).toMatchObject({ alsoText: true });
  });

  it('only emails a co-parent with both when it was not ticked', async () => {
    const phone = uniqueMexicanPhone();
    const email = uniqueEmail('not-texted');
    const signup = await paidWith({
      email,
      phoneCountryCode: 'MEXICO',
      phoneNumber: phone.national,
    });
    expect(await textsTo(phone.e164)).toEqual([]);
    expect(await emailsTo(email)).toHaveLength(1);
    expect((await getSignup(app, signup)).json().coParent).toMatchObject({ alsoText: false });
  });

  it('refuses "also text them" without a phone, at the box', async () => {
    const signup = await createSignup(app, { email: uniqueEmail('no-phone') });
    const res = await saveCoParent(app, signup, { email: uniqueEmail('cp'), alsoText: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual([
      {
        field: 'coParent.alsoText',
        text: "Enter your co-parent's phone number to send the invitation by text message too.",
        type: 'ERROR',
      },
    ]);
  });

  it.each([
    [
      'en',
      'This looks like a landline number. Enter a mobile number that can receive text messages.',
    ],
    [
      'es-MX',
      'Parece un número de teléfono fijo. Ingresa un número de celular que pueda recibir mensajes de texto.',
    ],
  ])('refuses a landline to be texted, in %s, at the phone', async (language, message) => {
    const signup = await createSignup(app, {
      email: uniqueEmail('landline'),
      knowsCoParentEmail: false,
    });
    // A London number: libphonenumber knows it is a fixed line.
    const landline = { phoneCountryCode: 'UNITED_KINGDOM', phoneNumber: '02079460000' };
    const refused = await saveCoParent(app, signup, landline, language);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors).toEqual([
      { field: 'coParent.phoneNumber', text: message, type: 'ERROR' },
    ]);
    const ticked = await saveCoParent(
      app,
      signup,
      { ...landline, email: uniqueEmail('cp'), alsoText: true },
      language,
    );
    expect(ticked.json().validationErrors).toEqual([
      { field: 'coParent.phoneNumber', text: message, type: 'ERROR' },
    ]);
    // Not to be texted (the email invites them): kept as given.
    const emailed = await saveCoParent(app, signup, { ...landline, email: uniqueEmail('cp') });
    expect(emailed.statusCode, emailed.body).toBe(200);
  });

  it('refuses a number that is not one of its country to be texted', async () => {
    const signup = await createSignup(app, {
      email: uniqueEmail('impossible'),
      knowsCoParentEmail: false,
    });
    const res = await saveCoParent(app, signup, {
      phoneCountryCode: 'MEXICO',
      phoneNumber: '55123456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validationErrors).toEqual([
      {
        field: 'coParent.phoneNumber',
        text: 'This is not a phone number of the selected country. Check the number and the country code.',
        type: 'ERROR',
      },
    ]);
  });

  it('publishes the box in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const patch = doc.paths['/v2/signups/{signupId}'].patch;
    expect(JSON.stringify(patch.requestBody)).toContain('"alsoText"');
  });
});
