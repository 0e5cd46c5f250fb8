import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { findOutboxEmail } from '../../adapters/mail/outbox.js';
import { createSmtpMailer, type SmtpTransport } from '../../adapters/mail/smtp.js';
import { BACKENDS, captureLogs, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { createEmailRetryJob } from './retry.js';

const BASE_DELAY_SECONDS = 60;
const SECOND = 1000;

/** A transport that refuses the first `failures` sends (quoting the address, as servers do). */
function flakyTransport(failures: number) {
  const attempts: string[] = [];
  const delivered: string[] = [];
  const transport: SmtpTransport = {
    async sendMail({ to }) {
      attempts.push(to);
      if (attempts.length <= failures) throw new Error(`550 mailbox unavailable <${to}>`);
      delivered.push(to);
      return { messageId: `m${delivered.length}` };
    },
  };
  return { transport, attempts, delivered };
}

const message = (to: string) => ({
  to,
  template: 'password-recovery',
  locale: 'en',
  subject: 'Reset your password',
  text: 'Open https://join.example.com/app/account/reset?token=secret-reset-token',
  secretsExpireAt: new Date('2030-02-01T00:00:00Z'),
});

describe.each(BACKENDS)('email retry on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  /** Each test's clock starts a day after the previous one's, so no earlier row is due. */
  let clock = new Date('2030-01-01T00:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const mailerWith = (transport: SmtpTransport, maxAttempts = 6, logs = captureLogs()) =>
    createSmtpMailer({
      db: ctx.database.db,
      log: pino({ level: 'info' }, logs.stream),
      now: () => clock,
      from: 'support@example.com',
      retry: { maxAttempts, baseDelaySeconds: BASE_DELAY_SECONDS },
      transport,
    });

  it('sends an email that failed twice exactly once, waiting the doubled back-off between tries', async () => {
    advance(24 * 3600 * SECOND);
    const to = uniqueEmail('retry');
    const fake = flakyTransport(2);
    const mailer = mailerWith(fake.transport);
    const queued = await mailer.send(message(to));
    await queued.deliver();
    expect(fake.attempts).toHaveLength(1);

    // Not yet due: the first back-off is the base delay.
    advance(BASE_DELAY_SECONDS * SECOND - 1);
    await mailer.retryDue();
    expect(fake.attempts).toHaveLength(1);
    advance(1);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    expect(fake.attempts).toHaveLength(2);

    // The second back-off is twice the base.
    advance(2 * BASE_DELAY_SECONDS * SECOND - 1);
    await mailer.retryDue();
    expect(fake.attempts).toHaveLength(2);
    advance(1);
    expect(await mailer.retryDue()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });

    const sentAt = clock;

    // Sent: never again, however late.
    advance(24 * 3600 * SECOND);
    await mailer.retryDue();
    expect(fake.delivered).toEqual([to]);
    expect(fake.attempts).toHaveLength(3);
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({ attempts: 3, sentAt, failedAt: null, nextAttemptAt: null });
    await mailer.close();
  });

  it('gives up after the last attempt, marks the row failed and logs no address or link', async () => {
    advance(24 * 3600 * SECOND);
    const to = uniqueEmail('giveup');
    const fake = flakyTransport(Number.POSITIVE_INFINITY);
    const logs = captureLogs();
    const mailer = mailerWith(fake.transport, 3, logs);
    const queued = await mailer.send(message(to));
    await queued.deliver();
    advance(BASE_DELAY_SECONDS * SECOND);
    await mailer.retryDue();
    advance(2 * BASE_DELAY_SECONDS * SECOND);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 1 });
    advance(24 * 3600 * SECOND);
    await mailer.retryDue();
    expect(fake.attempts).toHaveLength(3);

    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row?.sentAt).toBeNull();
    expect(row?.failedAt).toEqual(new Date(clock.getTime() - 24 * 3600 * SECOND));
    expect(row?.nextAttemptAt).toBeNull();
    expect(row?.error).toContain('550 mailbox unavailable');

    const gaveUp = logs.lines.find((line) => line.msg === 'gave up sending an email');
    expect(gaveUp).toMatchObject({
      emailId: queued.id,
      attempts: 3,
      to: `${to[0]}***@example.com`,
    });
    expect(logs.text()).not.toContain(to);
    expect(logs.text()).not.toContain('secret-reset-token');
    await mailer.close();
  });

  it('sends each due email once when two instances retry at the same time', async () => {
    advance(24 * 3600 * SECOND);
    // Queued but never delivered (a crash after the commit): all due now. More than one batch.
    const writer = mailerWith(flakyTransport(0).transport);
    const recipients = Array.from({ length: 25 }, () => uniqueEmail('concurrent'));
    for (const to of recipients) await writer.send(message(to));

    const first = flakyTransport(0);
    const second = flakyTransport(0);
    const [a, b] = [mailerWith(first.transport), mailerWith(second.transport)];
    const outcomes = await Promise.all([a.retryDue(), b.retryDue()]);

    const delivered = [...first.delivered, ...second.delivered];
    expect(delivered.toSorted()).toEqual(recipients.toSorted());
    expect(outcomes[0].sent + outcomes[1].sent).toBe(recipients.length);
    await Promise.all([writer.close(), a.close(), b.close()]);
  });

  it('a pass of the retry job sends what is due', async () => {
    advance(24 * 3600 * SECOND);
    const to = uniqueEmail('job');
    const fake = flakyTransport(1);
    const mailer = mailerWith(fake.transport);
    await (await mailer.send(message(to))).deliver();
    advance(BASE_DELAY_SECONDS * SECOND);
    const job = createEmailRetryJob({
      mailer,
      log: pino({ level: 'silent' }),
      intervalSeconds: 60,
    });
    expect(await job.runDue()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    expect(fake.delivered).toEqual([to]);
    await job.stop();
    await mailer.close();
  });
});
