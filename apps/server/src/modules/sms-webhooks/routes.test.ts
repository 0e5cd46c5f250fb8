import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOptedOut } from '../../adapters/sms/opt-outs.js';
import { findOutboxText, markOutboxTextSent } from '../../adapters/sms/outbox.js';
import { TWILIO_WEBHOOK_PATHS } from '../../adapters/sms/twilio.js';
import type { App } from '../../app.js';
import { smsOptOuts } from '../../db/schema.js';
import {
  fakeTransport,
  providerSmsSender,
  signedTwilioPost,
  TWILIO_TEST_ENV,
  uniqueMessageSid,
  uniqueMexicanPhone,
} from '../../test/sms-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

/**
 * Twilio's webhooks through the app: the SDK signs each post as Twilio does
 * (`getExpectedTwilioSignature` over the public URL and the form), and the route checks it with
 * the SDK's `validateRequest`.
 */

const STATUS = TWILIO_WEBHOOK_PATHS.status;
const INBOUND = TWILIO_WEBHOOK_PATHS.inbound;

describe.each(BACKENDS)("Twilio's webhooks on %s", (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  const fake = fakeTransport();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: TWILIO_TEST_ENV,
      smsSender: providerSmsSender(ctx.database.db, fake.transport),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A text Twilio accepted: its outbox row with Twilio's message id. */
  async function sentText(to = uniqueMexicanPhone().e164) {
    const sid = uniqueMessageSid();
    const queued = await app.smsSender.send({
      to,
      template: 'test',
      locale: 'en',
      body: 'Hello',
      secretsExpireAt: null,
    });
    await markOutboxTextSent(ctx.database.db, queued.id, new Date(), sid);
    return { id: queued.id, sid, to };
  }

  const status = (sid: string, value: string, extra: Record<string, string> = {}) =>
    signedTwilioPost(STATUS, {
      AccountSid: TWILIO_TEST_ENV.TWILIO_ACCOUNT_SID,
      MessageSid: sid,
      MessageStatus: value,
      SmsStatus: value,
      ...extra,
    });
  const row = (id: string) => findOutboxText(ctx.database.db, id);

  it('records a signed status on the text of its message id', async () => {
    const text = await sentText();
    const res = await app.inject(status(text.sid, 'delivered'));
    expect(res.statusCode, res.body).toBe(204);
    expect(await row(text.id)).toMatchObject({
      deliveryStatus: 'delivered',
      deliveryErrorCode: null,
      deliveryStatusAt: expect.any(Date),
    });
  });

  it('records failed and undelivered with their error code', async () => {
    const failed = await sentText();
    await app.inject(status(failed.sid, 'failed', { ErrorCode: '30003' }));
    expect(await row(failed.id)).toMatchObject({
      deliveryStatus: 'failed',
      deliveryErrorCode: 30003,
    });
    const undelivered = await sentText();
    await app.inject(status(undelivered.sid, 'undelivered', { ErrorCode: '30005' }));
    expect(await row(undelivered.id)).toMatchObject({ deliveryStatus: 'undelivered' });
  });

  it('refuses a tampered, unsigned or wrongly signed callback with 403 and records nothing', async () => {
    const text = await sentText();
    const tampered = status(text.sid, 'delivered');
    tampered.payload = tampered.payload.replace('delivered', 'failed');
    const unsigned = status(text.sid, 'failed');
    const { 'x-twilio-signature': _dropped, ...noSignature } = unsigned.headers;
    const otherToken = signedTwilioPost(
      STATUS,
      { MessageSid: text.sid, MessageStatus: 'failed' },
      'another-auth-token',
    );
    // Signed for another address (a callback captured elsewhere and posted here).
    const otherPath = status(text.sid, 'failed');
    otherPath.url = `${STATUS}?again=1`;
    for (const request of [
      tampered,
      { ...unsigned, headers: noSignature },
      otherToken,
      otherPath,
    ]) {
      const res = await app.inject(request);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    }
    expect(await row(text.id)).toMatchObject({ deliveryStatus: null });
  });

  it('takes a replayed or late callback without moving the status back', async () => {
    const text = await sentText();
    const sent = status(text.sid, 'sent');
    expect((await app.inject(sent)).statusCode).toBe(204);
    const delivered = status(text.sid, 'delivered');
    expect((await app.inject(delivered)).statusCode).toBe(204);
    const first = await row(text.id);
    // The same signed callbacks again (a replay), and a late `queued`: all answered, none applied.
    for (const request of [delivered, sent, status(text.sid, 'queued')]) {
      expect((await app.inject(request)).statusCode).toBe(204);
    }
    // A final status never replaces another (a forged `failed` cannot undo `delivered`).
    expect((await app.inject(status(text.sid, 'failed'))).statusCode).toBe(204);
    expect(await row(text.id)).toEqual(first);
    expect(first?.deliveryStatus).toBe('delivered');
  });

  it('answers 204 for an unknown message id and records nothing', async () => {
    const sid = uniqueMessageSid();
    const res = await app.inject(status(sid, 'failed'));
    expect(res.statusCode).toBe(204);
  });

  it('answers 422 for a signed callback without a message id or status', async () => {
    const res = await app.inject(signedTwilioPost(STATUS, { MessageSid: uniqueMessageSid() }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().validationErrors).toBeInstanceOf(Array);
  });

  it('puts the number on the opt-out list when a callback says 21610', async () => {
    const text = await sentText();
    await app.inject(status(text.sid, 'failed', { ErrorCode: '21610' }));
    expect(await isOptedOut(ctx.database.db, text.to)).toBe(true);
  });

  const reply = (from: string, body: string, extra: Record<string, string> = {}) =>
    signedTwilioPost(INBOUND, {
      MessageSid: uniqueMessageSid(),
      From: from,
      To: TWILIO_TEST_ENV.TWILIO_FROM,
      Body: body,
      ...extra,
    });

  it.each([
    'STOP',
    'stop',
    ' Stop ',
    'STOPALL',
    'UNSUBSCRIBE',
    'CANCEL',
    'END',
    'QUIT',
    'PARAR',
    'detener',
    'Cancelar',
    'BAJA',
  ])('opts a number out on the reply %j, and START or SÍ opts it back in', async (word) => {
    const { e164 } = uniqueMexicanPhone();
    const res = await app.inject(reply(e164, word));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toContain('<Response></Response>');
    expect(await isOptedOut(ctx.database.db, e164)).toBe(true);
    await app.inject(reply(e164, word === 'PARAR' ? 'Sí' : 'START'));
    expect(await isOptedOut(ctx.database.db, e164)).toBe(false);
  });

  it("follows Twilio's own reading (OptOutType) and ignores a sentence", async () => {
    const { e164 } = uniqueMexicanPhone();
    await app.inject(reply(e164, 'please stop texting me'));
    expect(await isOptedOut(ctx.database.db, e164)).toBe(false);
    await app.inject(reply(e164, 'ya no', { OptOutType: 'STOP' }));
    expect(await isOptedOut(ctx.database.db, e164)).toBe(true);
  });

  it('refuses an unsigned reply with 403 and opts nobody out', async () => {
    const { e164 } = uniqueMexicanPhone();
    const forged = reply(e164, 'STOP');
    forged.headers['x-twilio-signature'] = 'bm90IGEgc2lnbmF0dXJl';
    expect((await app.inject(forged)).statusCode).toBe(403);
    const rows = await ctx.database.db
      .select()
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phoneNumber, e164));
    expect(rows).toEqual([]);
  });

  it('gives up a queued text to a number that then replied STOP, and texts it no more', async () => {
    const { e164 } = uniqueMexicanPhone();
    const waiting = await app.smsSender.send({
      to: e164,
      template: 'test',
      locale: 'en',
      body: 'Hello https://join.example.test/app/join/invite?token=x',
      secretsExpireAt: null,
    });
    await app.inject(reply(e164, 'STOP'));
    expect(await row(waiting.id)).toMatchObject({ body: null, failedAt: expect.any(Date) });
    await waiting.deliver();
    const later = await app.smsSender.send({
      to: e164,
      template: 'test',
      locale: 'en',
      body: 'Hello again',
      secretsExpireAt: null,
    });
    await later.deliver();
    expect(await row(later.id)).toMatchObject({
      body: null,
      sentAt: null,
      failedAt: expect.any(Date),
      error: expect.stringMatching(/opted out/),
    });
    expect(fake.sent.map((t) => t.to)).not.toContain(e164);
  });

  it('publishes both webhooks in the OpenAPI document, as form posts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [STATUS, INBOUND]) {
      const post = doc.paths[path]?.post;
      expect(post?.tags, path).toEqual(['webhooks']);
      expect(Object.keys(post?.requestBody?.content ?? {})).toEqual([
        'application/x-www-form-urlencoded',
      ]);
      expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['403', '422']));
    }
    expect(doc.paths['/v2/account/coparent-invitation-text']?.post?.tags).toEqual(['account']);
  });

  it('still answers 415 to a form posted to a JSON route (the form parser is the webhooks’ own)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('without Twilio', () => {
  const ctx = useTestDatabase('pglite');
  it('has no webhooks: nothing unsigned can change a text or the opt-out list', async () => {
    const app = await buildTestApp(ctx.database);
    try {
      for (const path of [STATUS, INBOUND]) {
        const res = await app.inject(signedTwilioPost(path, { MessageSid: uniqueMessageSid() }));
        expect(res.statusCode, path).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
