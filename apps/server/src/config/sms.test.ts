import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { findOutboxText } from '../adapters/sms/outbox.js';
import { ConfigError, loadConfig, PGLITE_MEMORY } from '../config.js';
import { useTestDatabase } from '../test/test-app.js';
import { createSmsSender } from './adapters.js';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const MESSAGING_SERVICE_SID = `MG${'1'.repeat(32)}`;
const TWILIO = {
  TWILIO_ACCOUNT_SID: ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: 'secret-token',
  TWILIO_FROM: '+15005550006',
};

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', PGLITE_DIR: PGLITE_MEMORY, ...env });

describe('the SMS adapter chosen in config', () => {
  it('without Twilio settings: the outbox only, and the local mailbox shows the texts', () => {
    const c = config();
    expect(c.sms).toEqual({ kind: 'outbox' });
    expect(c.devMailbox).toBe(true);
  });

  it('with the account, the token and a sender number: Twilio, with the retry rules', () => {
    expect(config(TWILIO).sms).toEqual({
      kind: 'twilio',
      accountSid: ACCOUNT_SID,
      authToken: 'secret-token',
      from: '+15005550006',
      retry: { intervalSeconds: 60, maxAttempts: 6, baseDelaySeconds: 60 },
    });
    const { TWILIO_FROM: _from, ...noFrom } = TWILIO;
    expect(
      config({
        ...noFrom,
        TWILIO_MESSAGING_SERVICE_SID: MESSAGING_SERVICE_SID,
        SMS_RETRY_MAX_ATTEMPTS: '3',
      }).sms,
    ).toMatchObject({
      kind: 'twilio',
      messagingServiceSid: MESSAGING_SERVICE_SID,
      retry: { maxAttempts: 3 },
    });
  });

  it('refuses half a Twilio configuration, naming what is missing', () => {
    const { TWILIO_FROM: _from, ...noSender } = TWILIO;
    expect(() => config(noSender)).toThrow(ConfigError);
    expect(() => config(noSender)).toThrow(
      /Twilio is half configured \(missing TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID\)/,
    );
    expect(() => config({ TWILIO_ACCOUNT_SID: ACCOUNT_SID })).toThrow(
      /missing TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
    expect(() => config({ TWILIO_FROM: '+15005550006' })).toThrow(
      /missing TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN\)/,
    );
    expect(() =>
      config({ ...TWILIO, TWILIO_MESSAGING_SERVICE_SID: MESSAGING_SERVICE_SID }),
    ).toThrow(/not both/);
    expect(() => config({ ...TWILIO, TWILIO_ACCOUNT_SID: 'not-a-sid' })).toThrow(
      /TWILIO_ACCOUNT_SID must be AC/,
    );
    expect(() => config({ ...TWILIO, TWILIO_FROM: '555-1234' })).toThrow(/E\.164/);
  });

  it('never opens the local mailbox beside Twilio: the texts are real people’s', () => {
    expect(config(TWILIO).devMailbox).toBe(false);
    expect(() => config({ ...TWILIO, DEV_MAILBOX: 'on' })).toThrow(/with Twilio/);
  });

  describe('createSmsSender', () => {
    const ctx = useTestDatabase('pglite');
    const deps = () => ({
      db: ctx.database.db,
      log: pino({ level: 'silent' }),
      now: () => new Date(),
    });
    const text = {
      to: '+15551234567',
      template: 'test',
      locale: 'en',
      body: 'Hello https://join.example.test/app/join/invite?token=abc',
      secretsExpireAt: new Date('2030-01-01T00:00:00Z'),
    };

    it('without Twilio: the stand-in keeps the text, body and all, and sends nothing', async () => {
      const sender = createSmsSender(config().sms, deps());
      expect(sender.kind).toBe('outbox');
      const queued = await sender.send(text);
      await queued.deliver();
      expect(await findOutboxText(ctx.database.db, queued.id)).toMatchObject({
        toNumber: '+15551234567',
        body: text.body,
        sentAt: null,
        nextAttemptAt: null,
      });
      expect(await sender.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    });

    it('with Twilio: the SDK adapter, due at once', async () => {
      const sent: string[] = [];
      const sender = createSmsSender(config(TWILIO).sms, {
        ...deps(),
        transport: {
          send: async ({ to }) => {
            sent.push(to);
            return { providerMessageId: 'SM1' };
          },
        },
      });
      expect(sender.kind).toBe('twilio');
      const queued = await sender.send(text);
      await queued.deliver();
      expect(sent).toEqual(['+15551234567']);
      expect(await findOutboxText(ctx.database.db, queued.id)).toMatchObject({
        body: null,
        providerMessageId: 'SM1',
      });
      await sender.close();
    });

    it('rolls the text back with the transaction it was written in', async () => {
      const sender = createSmsSender(config().sms, deps());
      let id = '';
      await expect(
        ctx.database.db.transaction(async (tx) => {
          id = (await sender.send(text, tx)).id;
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(id).not.toBe('');
      expect(await findOutboxText(ctx.database.db, id)).toBeUndefined();
    });
  });
});
