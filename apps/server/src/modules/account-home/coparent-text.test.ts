import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_WEBHOOK_PATHS } from '../../adapters/sms/twilio.js';
import type { App } from '../../app.js';
import { familyMembers, smsOutbox } from '../../db/schema.js';
import { hashSecret } from '../../security/hash.js';
import { type LoggedInParent, loggedInParent, uniqueUsername } from '../../test/signup-fixtures.js';
import {
  fakeTransport,
  phoneOnlySignupReadyToPay,
  providerSmsSender,
  signedTwilioPost,
  TWILIO_TEST_ENV,
  uniqueMexicanPhone,
} from '../../test/sms-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { insertCredentials } from '../account/repo.js';

/**
 * Parent A's home when the co-parent's invitation text did not reach them, and the invitation
 * sent again from it: to the corrected number, with a new link, once a day, by Parent A only.
 */

const ENV = {
  ...TWILIO_TEST_ENV,
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};
const RESEND = '/v2/account/coparent-invitation-text';
const DAY_MS = 86_400_000;

describe.each(BACKENDS)("the co-parent's invitation text on the account home on %s", (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();
  const fake = fakeTransport();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: ENV,
      now: () => clock,
      smsSender: providerSmsSender(ctx.database.db, fake.transport, () => clock),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Parent A logged in, whose co-parent was invited by text to `phone` (sent, not delivered). */
  async function parentWithTextedCoParent(language = 'en') {
    const phone = uniqueMexicanPhone();
    const ready = await phoneOnlySignupReadyToPay(app, { coParentPhone: phone.national, language });
    const parent = await loggedInParent(app, language, ready);
    await app.smsSender.close();
    return { parent, phone };
  }

  const home = async (parent: LoggedInParent, language = 'en') => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/account/home',
      headers: { cookie: parent.cookie, language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const resend = (cookie: string, payload: object, language = 'en') =>
    app.inject({ method: 'POST', url: RESEND, headers: { cookie, language }, payload });
  const newestTextTo = async (to: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toNumber, to))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1);
    return row;
  };
  const callback = (sid: string, status: string) =>
    app.inject(
      signedTwilioPost(TWILIO_WEBHOOK_PATHS.status, {
        MessageSid: sid,
        MessageStatus: status,
        ErrorCode: '30003',
      }),
    );
  const tokenOf = (body: string) => /token=([\w-]+)/.exec(body)?.[1] ?? '';

  it('says nothing is wrong while the text is on its way, and NOT_DELIVERED once Twilio says so', async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    expect((await home(parent)).coParentText).toEqual({
      problem: null,
      phoneCountryCode: 'MEXICO',
      phoneNumber: phone.national,
      resendAvailableAt: null,
    });
    const text = await newestTextTo(phone.e164);
    expect(text?.providerMessageId).toBeTruthy();
    expect((await callback(text?.providerMessageId ?? '', 'undelivered')).statusCode).toBe(204);
    expect((await home(parent)).coParentText).toMatchObject({ problem: 'NOT_DELIVERED' });
  });

  it('says OPTED_OUT once the number replied STOP', async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    await app.inject(
      signedTwilioPost(TWILIO_WEBHOOK_PATHS.inbound, { From: phone.e164, Body: 'PARAR' }),
    );
    expect((await home(parent)).coParentText).toMatchObject({ problem: 'OPTED_OUT' });
  });

  it('sends the invitation again to the corrected number, with a new link that replaces the old', async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    const first = await newestTextTo(phone.e164);
    await callback(first?.providerMessageId ?? '', 'failed');
    const oldToken = tokenOf(fake.sent.find((t) => t.to === phone.e164)?.body ?? '');
    expect(oldToken).not.toBe('');

    const corrected = uniqueMexicanPhone();
    const res = await resend(parent.cookie, {
      phoneCountryCode: 'MEXICO',
      phoneNumber: corrected.national,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      sentTo: corrected.e164,
      resendAvailableAt: new Date(clock.getTime() + DAY_MS).toISOString(),
    });
    await app.smsSender.close();

    const sent = fake.sent.find((t) => t.to === corrected.e164);
    expect(sent?.body).toMatch(/^CoParent Hub: Ana invited you/);
    const newToken = tokenOf(sent?.body ?? '');
    expect(newToken).not.toBe('');
    expect(newToken).not.toBe(oldToken);
    const invited = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/v2/invites/current',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await invited(oldToken)).statusCode).toBe(403);
    expect((await invited(newToken)).statusCode).toBe(200);
    // The body (with its link) is not kept once sent; the row says who asked for it.
    expect(await newestTextTo(corrected.e164)).toMatchObject({
      body: null,
      requestedByUserId: parent.userId,
    });

    expect((await home(parent)).coParentText).toEqual({
      problem: null,
      phoneCountryCode: 'MEXICO',
      phoneNumber: corrected.national,
      resendAvailableAt: new Date(clock.getTime() + DAY_MS).toISOString(),
    });
  });

  it('sends it again at most once a day per family, saying when it can be done (both languages)', async () => {
    const { parent, phone } = await parentWithTextedCoParent('es-MX');
    const body = { phoneCountryCode: 'MEXICO', phoneNumber: phone.national };
    expect((await resend(parent.cookie, body)).statusCode).toBe(200);
    const start = clock;
    try {
      clock = new Date(start.getTime() + DAY_MS - 60_000);
      const again = await resend(parent.cookie, body, 'es-MX');
      expect(again.statusCode, again.body).toBe(409);
      const [error] = again.json().validationErrors;
      expect(error).toMatchObject({ field: 'form', type: 'ERROR' });
      expect(error.text).toMatch(/^Puedes reenviar la invitación una vez al día/);
      const english = await resend(parent.cookie, body, 'en');
      expect(english.json().validationErrors[0].text).toMatch(/once a day. Try again after /);
      const sentToday = fake.sent.filter((t) => t.to === phone.e164).length;

      clock = new Date(start.getTime() + DAY_MS + 1000);
      expect((await resend(parent.cookie, body)).statusCode).toBe(200);
      await app.smsSender.close();
      expect(fake.sent.filter((t) => t.to === phone.e164)).toHaveLength(sentToday + 1);
    } finally {
      clock = start;
    }
  });

  it('refuses a number that replied STOP (422) and a malformed one, sending nothing', async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    await app.inject(
      signedTwilioPost(TWILIO_WEBHOOK_PATHS.inbound, { From: phone.e164, Body: 'STOP' }),
    );
    const optedOut = await resend(parent.cookie, {
      phoneCountryCode: 'MEXICO',
      phoneNumber: phone.national,
    });
    expect(optedOut.statusCode, optedOut.body).toBe(422);
    expect(optedOut.json().validationErrors).toEqual([
      expect.objectContaining({ field: 'phoneNumber', text: expect.stringMatching(/START/) }),
    ]);
    // Parent A's own number (the fixtures' step 1), refused as the signup's family step does.
    const own = await resend(parent.cookie, {
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125551234',
    });
    expect(own.statusCode, own.body).toBe(422);
    expect(own.json().validationErrors[0]).toMatchObject({
      field: 'phoneNumber',
      text: "Your co-parent's phone number cannot be the same as yours.",
    });
    for (const payload of [
      { phoneCountryCode: 'MEXICO', phoneNumber: '12' },
      { phoneCountryCode: '+52', phoneNumber: '5512345678' },
      {},
    ]) {
      const res = await resend(parent.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().validationErrors.length).toBeGreaterThan(0);
    }
    expect((await home(parent)).coParentText.resendAvailableAt).toBeNull();
  });

  it("refuses another family's parent and a logged-out caller: nothing of the family changes", async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    // A parent whose co-parent was invited by email: no text invitation of theirs to send.
    const other = await loggedInParent(app);
    const intruder = { phoneCountryCode: 'MEXICO', phoneNumber: uniqueMexicanPhone().national };
    const refused = await resend(other.cookie, intruder);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().validationErrors[0]).toMatchObject({ field: 'form' });
    expect((await resend('', intruder)).statusCode).toBe(401);

    const mine = await home(parent);
    expect(mine.coParentText).toMatchObject({ phoneNumber: phone.national });
    expect((await home(other)).coParentText).toBeNull();
  });

  it('refuses once the co-parent has joined, and the home says nothing more', async () => {
    const { parent, phone } = await parentWithTextedCoParent();
    const [coParent] = await ctx.database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.phoneNumber, phone.national));
    await insertCredentials(
      ctx.database.db,
      {
        userId: coParent?.userId ?? '',
        username: uniqueUsername('coparent'),
        passwordHash: await hashSecret('not-used-here'),
      },
      clock,
    );
    expect((await home(parent)).coParentText).toBeNull();
    const res = await resend(parent.cookie, {
      phoneCountryCode: 'MEXICO',
      phoneNumber: phone.national,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().validationErrors[0].text).toMatch(/already joined/);
  });
});
