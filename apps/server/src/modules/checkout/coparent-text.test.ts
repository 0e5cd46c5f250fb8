import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox.js';
import { createProviderSmsSender } from '../../adapters/sms/outbox.js';
import { SmsDeliveryError, type SmsTransport } from '../../adapters/sms/sms-sender.js';
import type { App } from '../../app.js';
import { invites, payments, smsOutbox, users } from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  paymentRequest,
  paySignup,
  postPayment,
  saveBilling,
  savePackage,
  signupAtStep3,
} from '../../test/signup-fixtures.js';
import { phoneOnlySignupReadyToPay, uniqueMexicanPhone } from '../../test/sms-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { seedInviteScenario } from '../invite/scenarios.js';

/**
 * The co-parent Parent A knew only by phone: when the payment completes they get the invitation
 * by text (the same link as the email's), written in the outbox with the payment's transaction,
 * sent after the commit, and shown in the local mailbox.
 */

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  DEV_MAILBOX: 'on',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

/** A Twilio stand-in at the port's transport: keeps what it sent, or refuses as told. */
function fakeTransport(refuse?: SmsDeliveryError) {
  const sent: { to: string; body: string }[] = [];
  const transport: SmsTransport = {
    async send(text) {
      if (refuse) throw refuse;
      sent.push(text);
      return { providerMessageId: `SM${String(sent.length).padStart(32, '0')}` };
    },
  };
  return { transport, sent };
}

describe.each(BACKENDS)('the phone-only co-parent invited by text on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** An app whose texts go through `transport` as Twilio's would (sent after the commit). */
  const appWithTransport = (transport: SmsTransport) =>
    buildTestApp(ctx.database, {
      env: ENV,
      smsSender: createProviderSmsSender({
        db: ctx.database.db,
        log: pino({ level: 'silent' }),
        now: () => new Date(),
        retry: { maxAttempts: 6, baseDelaySeconds: 60 },
        transport,
      }),
    });
  const closed = new WeakSet<App>();
  const closeOnce = async (target: App) => {
    if (closed.has(target)) return;
    closed.add(target);
    await target.close();
  };

  const textsTo = (number: string) =>
    ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, number));

  it('is texted the invitation link, in English, and the mailbox shows it as a text', async () => {
    const phone = uniqueMexicanPhone();
    const signup = await phoneOnlySignupReadyToPay(app, { coParentPhone: phone.national });
    await paySignup(app, signup);

    const [text, ...others] = await textsTo(phone.e164);
    expect(others).toEqual([]);
    expect(text).toMatchObject({
      template: 'coparent-invitation-text',
      locale: 'en',
      sentAt: null,
      nextAttemptAt: null,
    });
    const body = text?.body ?? '';
    expect(body).toMatch(/^CoParent Hub: Ana invited you to join as a co-parent\./);
    expect(body).toContain('Reply STOP to opt out.');
    // The same link the email would carry: its token is the co-parent's live invite.
    const url = body.match(/https:\/\/join\.example\.test\/app\/join\/invite\?token=([\w-]{43})/);
    expect(url).not.toBeNull();
    const [invite] = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, hashToken(url?.[1] ?? '')));
    expect(invite).toBeDefined();
    expect(text?.secretsExpireAt).toEqual(invite?.expiresAt);
    const [coParent] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, invite?.userId ?? ''));
    expect(coParent).toMatchObject({ email: null, firstName: 'Bruno' });

    const page = await app.inject({
      method: 'GET',
      url: `/app/dev/mailbox?to=${encodeURIComponent(phone.e164)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Text message to ${phone.e164}`);
    expect(page.body).toContain('Text message (SMS)');
    expect(page.body).toContain(`<a href="${url?.[0]}">`);
    const json = await app.inject({
      method: 'GET',
      url: `/v2/dev/mailbox?to=${encodeURIComponent(phone.e164)}`,
    });
    expect(json.json()).toMatchObject({
      messages: [],
      texts: [{ to: phone.e164, template: 'coparent-invitation-text', body }],
    });
  });

  it("opens the invitation from the text's link (the demo scenario of a texted co-parent)", async () => {
    const invite = await seedInviteScenario('texted-coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: ENV.PUBLIC_URL,
      inviteTtlDays: 14,
    });
    expect(invite.coParentEmail).toBe('');
    expect(invite.coParentPhone).toMatch(/^\+1646555\d{4}$/);
    expect(invite.link).toMatch(/^https:\/\/join\.example\.test\/app\/join\/invite\?token=/);
    const res = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: { authorization: `Bearer ${invite.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requireCredentials: true, lastCompletedStep: 0 });
  });

  it('writes the Spanish text for a Spanish signup', async () => {
    const phone = uniqueMexicanPhone();
    const signup = await phoneOnlySignupReadyToPay(app, {
      coParentPhone: phone.national,
      language: 'es-MX',
    });
    await paySignup(app, signup, 'es-MX');
    const [text] = await textsTo(phone.e164);
    expect(text?.locale).toBe('es-MX');
    expect(text?.body).toMatch(/^CoParent Hub: Ana te invitó a unirte como coparente\./);
    expect(text?.body).toContain(
      'Acepta tu invitación:\nhttps://join.example.test/app/join/invite?token=',
    );
    expect(text?.body).toContain('Responde STOP para no recibir más mensajes.');
  });

  it('texts nobody when the co-parent has an email (the email invites them)', async () => {
    const signup = await signupAtStep3(app);
    const pkg = await savePackage(app, signup, { order: { packageId: 3003 } });
    expect(pkg.statusCode).toBe(200);
    expect((await saveBilling(app, signup)).statusCode).toBe(200);
    const before = await ctx.database.db.select().from(smsOutbox);
    await paySignup(app, signup);
    expect(await ctx.database.db.select().from(smsOutbox)).toHaveLength(before.length);
  });

  it('writes the text with the payment: a crash before the commit leaves none', async () => {
    let crash = true;
    const crashing = await buildTestApp(ctx.database, {
      env: ENV,
      checkoutHooks: {
        beforeCommit: () => {
          if (crash) throw new Error('simulated crash before the commit');
        },
      },
    });
    try {
      const phone = uniqueMexicanPhone();
      const signup = await phoneOnlySignupReadyToPay(crashing, { coParentPhone: phone.national });
      const res = await postPayment(crashing, signup, await paymentRequest(crashing, signup));
      expect(res.statusCode).toBe(500);
      expect(await textsTo(phone.e164)).toEqual([]);

      crash = false;
      await crashing.checkout.reconcilePendingPayments();
      const [payment] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.signupId, signup.signupId));
      expect(payment?.status).toBe('COMPLETED');
      expect(await textsTo(phone.e164)).toHaveLength(1);
    } finally {
      await crashing.close();
    }
  });

  it('with Twilio: sends the text after the commit, then keeps no body', async () => {
    const fake = fakeTransport();
    const twilioApp = await appWithTransport(fake.transport);
    try {
      const phone = uniqueMexicanPhone();
      const signup = await phoneOnlySignupReadyToPay(twilioApp, { coParentPhone: phone.national });
      await paySignup(twilioApp, signup);
      // The delivery runs after the answer; the close waits for it.
      await closeOnce(twilioApp);
      expect(fake.sent).toEqual([
        { to: phone.e164, body: expect.stringContaining('/app/join/invite?token=') },
      ]);
      const [row] = await textsTo(phone.e164);
      expect(row).toMatchObject({
        body: null,
        providerMessageId: 'SM00000000000000000000000000000001',
        error: null,
        attempts: 1,
      });
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      await closeOnce(twilioApp);
    }
  });

  it('with Twilio: gives up at once on an invalid number, and drops the body', async () => {
    const refusal = new SmsDeliveryError("The 'To' number is not a valid phone number.", {
      code: 21211,
      status: 400,
      permanent: true,
    });
    const fake = fakeTransport(refusal);
    const twilioApp = await appWithTransport(fake.transport);
    try {
      const phone = uniqueMexicanPhone();
      const signup = await phoneOnlySignupReadyToPay(twilioApp, { coParentPhone: phone.national });
      await paySignup(twilioApp, signup);
      await closeOnce(twilioApp);
      const [row] = await textsTo(phone.e164);
      expect(row).toMatchObject({ body: null, sentAt: null, nextAttemptAt: null });
      expect(row?.failedAt).toBeInstanceOf(Date);
      expect(row?.error).toContain('21211');
    } finally {
      await closeOnce(twilioApp);
    }
  });
});
