import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../config/adapters.js';
import { BACKENDS, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { findOutboxEmail } from './outbox.js';
import { createSmtpMailer, type SmtpTransport } from './smtp.js';

const TOKEN = 'canary-invite-token-0123456789';
const EXPIRES_AT = new Date('2030-01-15T00:00:00Z');

const invitation = (to: string) => ({
  to,
  template: 'coparent-invitation',
  locale: 'en',
  subject: 'Ana López invited you',
  text: `Accept: https://join.example.com/app/join/invite?token=${TOKEN}`,
  html: `<a href="https://join.example.com/app/join/invite?token=${TOKEN}">Accept</a>`,
  secretsExpireAt: EXPIRES_AT,
});

/** A transport that refuses the first `failures` sends and keeps what it delivered. */
function fakeTransport(failures = 0) {
  const delivered: { to: string; text: string; html?: string }[] = [];
  let attempts = 0;
  const transport: SmtpTransport = {
    async sendMail(mail) {
      attempts += 1;
      if (attempts <= failures) throw new Error('421 try again later');
      delivered.push(mail);
      return { messageId: `m${delivered.length}` };
    },
  };
  return { transport, delivered };
}

describe.each(BACKENDS)('the secrets in stored emails on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let clock = new Date('2030-01-01T00:00:00Z');
  const smtpMailer = (transport: SmtpTransport, maxAttempts = 3) =>
    createSmtpMailer({
      db: ctx.database.db,
      log: pino({ level: 'silent' }),
      now: () => clock,
      from: 'support@example.com',
      retry: { maxAttempts, baseDelaySeconds: 60 },
      transport,
    });

  it('with SMTP: sends the whole email, then keeps only its subject, recipient, template and dates', async () => {
    const to = uniqueEmail('invited');
    const fake = fakeTransport();
    const queued = await smtpMailer(fake.transport).send(invitation(to));
    await queued.deliver();

    expect(fake.delivered).toEqual([expect.objectContaining({ to })]);
    expect(fake.delivered[0]?.text).toContain(TOKEN);
    expect(fake.delivered[0]?.html).toContain(TOKEN);
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({
      toAddress: to,
      template: 'coparent-invitation',
      subject: 'Ana López invited you',
      textBody: null,
      htmlBody: null,
      sentAt: clock,
      secretsExpireAt: EXPIRES_AT,
    });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });

  it('with SMTP: keeps the body while a retry needs it, drops it once sent', async () => {
    clock = new Date('2030-01-02T00:00:00Z');
    const to = uniqueEmail('retried');
    const fake = fakeTransport(1);
    const mailer = smtpMailer(fake.transport);
    const queued = await mailer.send(invitation(to));
    await queued.deliver();
    expect((await findOutboxEmail(ctx.database.db, queued.id))?.textBody).toContain(TOKEN);

    clock = new Date(clock.getTime() + 60_000);
    expect(await mailer.retryDue()).toMatchObject({ sent: 1 });
    expect(fake.delivered[0]?.text).toContain(TOKEN);
    expect(await findOutboxEmail(ctx.database.db, queued.id)).toMatchObject({
      textBody: null,
      htmlBody: null,
    });
  });

  it('with SMTP: drops the body of an email given up', async () => {
    clock = new Date('2030-01-03T00:00:00Z');
    const fake = fakeTransport(Number.POSITIVE_INFINITY);
    const queued = await smtpMailer(fake.transport, 1).send(invitation(uniqueEmail('refused')));
    await queued.deliver();
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row?.failedAt).toEqual(clock);
    expect(row).toMatchObject({ textBody: null, htmlBody: null, sentAt: null });
  });

  it('without SMTP: the outbox is the mailbox and keeps the body, with when its secrets die', async () => {
    const mailer = createMailer(
      { kind: 'outbox', from: 'support@example.com' },
      { db: ctx.database.db, log: pino({ level: 'silent' }), now: () => clock },
    );
    const queued = await mailer.send(invitation(uniqueEmail('demo')));
    await queued.deliver();
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row?.textBody).toContain(TOKEN);
    expect(row?.secretsExpireAt).toEqual(EXPIRES_AT);
  });
});
