import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { MessageChannel, MessageOutcome } from '../../modules/metrics/metrics.js';
import { uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { createSmtpMailer, type SmtpTransport } from './smtp.js';

/** A metrics port that remembers each message outcome it was told. */
function recordingMetrics() {
  const outcomes: string[] = [];
  return {
    outcomes,
    metrics: {
      message(channel: MessageChannel, outcome: MessageOutcome, count = 1) {
        for (let i = 0; i < count; i += 1) outcomes.push(`${channel}:${outcome}`);
      },
    },
  };
}

const message = (to: string) => ({
  to,
  template: 'password-recovery',
  locale: 'en',
  subject: 'Reset your password',
  text: 'Open the link',
  secretsExpireAt: null,
});

describe('the SMTP mailer counts each attempt', () => {
  const ctx = useTestDatabase('pglite');
  let clock = new Date('2031-01-01T00:00:00Z');

  const mailer = (transport: SmtpTransport, metrics: ReturnType<typeof recordingMetrics>) =>
    createSmtpMailer({
      db: ctx.database.db,
      log: pino({ level: 'silent' }),
      now: () => clock,
      from: 'support@example.com',
      retry: { maxAttempts: 2, baseDelaySeconds: 60 },
      transport,
      metrics: metrics.metrics,
    });

  it('as sent when the server accepts it', async () => {
    const recorded = recordingMetrics();
    const smtp = mailer({ sendMail: async () => ({}) }, recorded);
    await (await smtp.send(message(uniqueEmail('sent')))).deliver();
    expect(recorded.outcomes).toEqual(['email:sent']);
  });

  it('as failed while attempts are left, then as given up', async () => {
    const recorded = recordingMetrics();
    const refusing: SmtpTransport = {
      sendMail: async () => {
        throw new Error('451 try again later');
      },
    };
    const smtp = mailer(refusing, recorded);
    await (await smtp.send(message(uniqueEmail('refused')))).deliver();
    expect(recorded.outcomes).toEqual(['email:failed']);
    clock = new Date(clock.getTime() + 3600_000);
    await smtp.retryDue();
    expect(recorded.outcomes).toEqual(['email:failed', 'email:given_up']);
  });
});
