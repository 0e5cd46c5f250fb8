import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { findOutboxEmail } from '../adapters/mail/outbox.js';
import { useTestDatabase } from '../test/test-app.js';
import { createMailer } from './adapters.js';

const message = {
  to: 'someone@example.com',
  template: 'test',
  locale: 'en',
  subject: 'Hello',
  text: 'Hello there',
  html: '<p>Hello there</p>',
  secretsExpireAt: null,
};

describe('createMailer', () => {
  const ctx = useTestDatabase('pglite');
  const deps = () => ({
    db: ctx.database.db,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  });

  it('without SMTP_URL: writes the outbox row, and delivery does nothing', async () => {
    const mailer = createMailer({ kind: 'outbox', from: 'a@example.com' }, deps());
    expect(mailer.kind).toBe('outbox');
    const queued = await mailer.send(message);
    await queued.deliver();
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({
      toAddress: 'someone@example.com',
      subject: 'Hello',
      textBody: 'Hello there',
      htmlBody: '<p>Hello there</p>',
      sentAt: null,
      error: null,
    });
    await mailer.close();
  });

  it('with SMTP_URL: sends through nodemailer and records a failure on the row', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const mailer = createMailer(
      {
        kind: 'smtp',
        from: 'a@example.com',
        url: 'smtp://127.0.0.1:1',
        retry: { intervalSeconds: 0, maxAttempts: 6, baseDelaySeconds: 60 },
      },
      deps(),
    );
    expect(mailer.kind).toBe('smtp');
    const queued = await mailer.send(message);
    await expect(queued.deliver()).resolves.toBeUndefined();
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED/);
    await mailer.close();
  });

  it('rolls the outbox row back with the transaction it was written in', async () => {
    const mailer = createMailer({ kind: 'outbox', from: 'a@example.com' }, deps());
    let id = '';
    await expect(
      ctx.database.db.transaction(async (tx) => {
        id = (await mailer.send(message, tx)).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(id).not.toBe('');
    expect(await findOutboxEmail(ctx.database.db, id)).toBeUndefined();
  });
});
