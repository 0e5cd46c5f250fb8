import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createExpiredRowsPurge } from '../../modules/housekeeping/purge.js';
import { BACKENDS, captureLogs, useTestDatabase } from '../../test/test-app.js';
import { createOutboxSmsSender, createProviderSmsSender, findOutboxText } from './outbox.js';
import { SmsDeliveryError, type SmsTransport } from './sms-sender.js';

/**
 * Texts follow the email outbox's rules (adapters/outbox/delivery.ts): retried with the doubled
 * back-off, given up after the last attempt, the body (the invitation link) dropped once sent or
 * given up, never in a log line, and the row purged once the link is dead.
 */

const TOKEN = 'canary-sms-invite-token-0123456789';
const SECOND = 1000;
const BASE_DELAY_SECONDS = 60;

const text = (to: string) => ({
  to,
  template: 'coparent-invitation-text',
  locale: 'en',
  body: `CoParent Hub: Ana invited you.\nhttps://join.example.test/app/join/invite?token=${TOKEN}\nReply STOP to opt out.`,
  secretsExpireAt: new Date('2030-03-01T00:00:00Z'),
});

let numberCounter = 0;
const uniqueNumber = () => {
  numberCounter += 1;
  return `+1212${String(Date.now() % 100_000).padStart(5, '0')}${String(numberCounter).padStart(2, '0')}`;
};

/** Twilio's stand-in at the transport: refuses the first `failures` sends, quoting the number. */
function flakyTransport(failures: number) {
  const attempts: string[] = [];
  const transport: SmsTransport = {
    async send({ to }) {
      attempts.push(to);
      if (attempts.length <= failures) {
        throw new SmsDeliveryError(`Service unavailable for ${to}`, {
          status: 503,
          permanent: false,
        });
      }
      return { providerMessageId: `SM${attempts.length}` };
    },
  };
  return { transport, attempts };
}

describe.each(BACKENDS)('the text outbox on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let clock = new Date('2030-01-01T00:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const senderWith = (transport: SmsTransport, maxAttempts: number, logs = captureLogs()) =>
    createProviderSmsSender({
      db: ctx.database.db,
      log: pino({ level: 'info' }, logs.stream),
      now: () => clock,
      retry: { maxAttempts, baseDelaySeconds: BASE_DELAY_SECONDS },
      transport,
    });

  it('retries a failed text after the back-off, keeping its body only until it is sent', async () => {
    advance(24 * 3600 * SECOND);
    const to = uniqueNumber();
    const fake = flakyTransport(2);
    const logs = captureLogs();
    const sender = senderWith(fake.transport, 6, logs);
    const queued = await sender.send(text(to));
    await queued.deliver();
    let row = await findOutboxText(ctx.database.db, queued.id);
    expect(row?.body).toContain(TOKEN);
    expect(row?.error).toContain('503');
    expect(row?.error).not.toContain(to);

    // Not due before the first back-off; due after it, and failing again doubles it.
    advance((BASE_DELAY_SECONDS - 1) * SECOND);
    expect(await sender.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    advance(SECOND);
    expect(await sender.retryDue()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    advance(2 * BASE_DELAY_SECONDS * SECOND);
    expect(await sender.retryDue()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    expect(fake.attempts).toEqual([to, to, to]);

    row = await findOutboxText(ctx.database.db, queued.id);
    expect(row).toMatchObject({ body: null, providerMessageId: 'SM3', error: null, attempts: 3 });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    // The log says which text failed, never its link nor the whole number.
    expect(logs.text()).toContain('sending a text message failed; it will be retried');
    expect(logs.text()).not.toContain(TOKEN);
    expect(logs.text()).not.toContain(to);
    await sender.close();
  });

  it('gives a text up after its last attempt, and drops its body', async () => {
    advance(24 * 3600 * SECOND);
    const fake = flakyTransport(Number.POSITIVE_INFINITY);
    const logs = captureLogs();
    const sender = senderWith(fake.transport, 2, logs);
    const queued = await sender.send(text(uniqueNumber()));
    await queued.deliver();
    advance(BASE_DELAY_SECONDS * SECOND);
    expect(await sender.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 1 });
    const row = await findOutboxText(ctx.database.db, queued.id);
    expect(row).toMatchObject({ body: null, sentAt: null, nextAttemptAt: null });
    expect(row?.failedAt).toEqual(clock);
    expect(logs.text()).toContain('gave up sending a text message');
    expect(logs.text()).not.toContain(TOKEN);
    await sender.close();
  });

  it('purges a text once its link has been dead past the grace period', async () => {
    const stored = await createOutboxSmsSender(ctx.database.db).send(text(uniqueNumber()));
    const purgeAt = (at: Date) =>
      createExpiredRowsPurge({
        db: ctx.database.db,
        now: () => at,
        log: pino({ level: 'silent' }),
        settings: { purgeAfterHours: 24, intervalSeconds: 0 },
      }).purgeExpired();
    await purgeAt(new Date('2030-03-01T23:00:00Z'));
    expect(await findOutboxText(ctx.database.db, stored.id)).toBeDefined();
    expect((await purgeAt(new Date('2030-03-02T01:00:00Z'))).outboxTexts).toBeGreaterThanOrEqual(1);
    expect(await findOutboxText(ctx.database.db, stored.id)).toBeUndefined();
  });
});
