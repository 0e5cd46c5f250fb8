import type { AddressInfo } from 'node:net';
import { PRODUCT_NAME } from '@coparent/domain';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../config/adapters.js';
import { passwordResetEmail } from '../../modules/email/templates/password-reset.js';
import { BACKENDS, testConfig, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import type { Mailer } from './mailer.js';
import { findOutboxEmail } from './outbox.js';

/**
 * The SMTP mailer against a real SMTP server on a local port (`smtp-server`, the library behind
 * Nodemailer's own tests): the bytes that arrive, and what each answer of the server does to the
 * outbox row. The retry settings come from the environment, as in production.
 */

type Received = {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
};

/**
 * A local SMTP server that keeps every message it accepts. `refuseNext` queues reply codes the
 * server answers to the next recipients (RCPT TO) instead of accepting them.
 */
async function startSmtpServer() {
  const received: Received[] = [];
  const refusals: number[] = [];
  let rcptCommands = 0;
  const server = new SMTPServer({
    authOptional: true,
    // No TLS certificate on a test port: Nodemailer would otherwise upgrade with STARTTLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      rcptCommands += 1;
      const code = refusals.shift();
      if (code === undefined) return callback();
      const refusal = new Error(
        code < 500 ? 'Greylisted, please try again later' : 'No such user here',
      ) as Error & { responseCode: number };
      refusal.responseCode = code;
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuseNext: (...codes: number[]) => refusals.push(...codes),
    /** RCPT TO commands seen: one per attempt, accepted or refused. */
    attempts: () => rcptCommands,
    reset() {
      received.length = 0;
      refusals.length = 0;
      rcptCommands = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of the MIME part of `type` in a raw message, lower-cased names. */
function partHeaders(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'im'));
  if (start < 0) throw new Error(`no ${type} part`);
  return raw.slice(start, raw.indexOf('\r\n\r\n', start));
}

describe.each(BACKENDS)('email through a real SMTP server (%s)', (backend) => {
  const ctx = useTestDatabase(backend);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let clock = new Date('2031-03-01T09:00:00Z');
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Co-parent <no-reply@coparent.example>',
      EMAIL_RETRY_MAX_ATTEMPTS: '3',
      EMAIL_RETRY_BASE_DELAY_SECONDS: '60',
    });
    mailer = createMailer(config.mail, {
      db: ctx.database.db,
      log: pino({ level: 'silent' }),
      now: () => clock,
    });
  });
  afterEach(() => smtp.reset());
  afterAll(async () => {
    await mailer?.close();
    await smtp?.close();
  });

  const spanishReset = (to: string) => {
    const rendered = passwordResetEmail({
      locale: 'es-MX',
      firstName: 'Begoña',
      username: 'begoña.núñez',
      code: '482915',
      resetUrl: 'https://coparent.example/app/account/recover?token=tok_ñandú',
      expiresInMinutes: 30,
      supportPhone: '+1 (800) 555-0199',
    });
    return {
      to,
      locale: 'es-MX',
      ...rendered,
      secretsExpireAt: new Date(clock.getTime() + 30 * 60_000),
    };
  };

  it('delivers the subject, both parts, the headers and the Spanish text intact', async () => {
    const to = uniqueEmail('begona');
    const message = spanishReset(to);
    const queued = await mailer.send(message);
    await queued.deliver();

    expect(smtp.received).toHaveLength(1);
    const [arrived] = smtp.received;
    if (!arrived) throw new Error('nothing arrived');
    expect(arrived.mailFrom).toBe('no-reply@coparent.example');
    expect(arrived.rcptTo).toEqual([to]);

    // Only 7-bit bytes on the wire: no relay can mangle the accents.
    expect([...arrived.raw].every((byte) => byte < 0x80)).toBe(true);
    const raw = arrived.raw.toString('ascii');
    for (const type of ['text/plain', 'text/html']) {
      const headers = partHeaders(raw, type);
      expect(headers).toMatch(/charset=utf-8/i);
      expect(headers).toMatch(/Content-Transfer-Encoding: (quoted-printable|base64)/i);
    }

    const parsed = await simpleParser(arrived.raw);
    expect(parsed.subject).toBe(`Restablece tu contraseña de ${PRODUCT_NAME}`);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    expect(parsed.text).toContain('Begoña');
    expect(parsed.text).toContain('begoña.núñez');
    expect(parsed.from?.value).toEqual([
      { name: 'Co-parent', address: 'no-reply@coparent.example' },
    ]);
    expect(parsed.headers.get('to')).toMatchObject({ value: [{ address: to }] });
    expect(parsed.messageId).toMatch(/^<[^<>@\s]+@coparent\.example>$/);
    expect(parsed.headers.get('content-language')).toBe('es-MX');
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    // Account emails (a code, a receipt) are not a mailing list: nothing to unsubscribe from.
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);

    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({
      sentAt: clock,
      attempts: 1,
      error: null,
      failedAt: null,
      textBody: null,
      htmlBody: null,
    });
  });

  it('retries after a 4xx answer and sends once the server accepts', async () => {
    clock = new Date('2031-03-02T09:00:00Z');
    smtp.refuseNext(451);
    const queued = await mailer.send(spanishReset(uniqueEmail('greylisted')));
    await queued.deliver();

    const failed = await findOutboxEmail(ctx.database.db, queued.id);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(failed?.error).toContain('451');
    expect(failed?.textBody).toContain('482915');
    // Due again after the configured base delay (EMAIL_RETRY_BASE_DELAY_SECONDS=60).
    expect(failed?.nextAttemptAt).toEqual(new Date(clock.getTime() + 60_000));
    expect(smtp.received).toHaveLength(0);

    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    clock = new Date(clock.getTime() + 60_000);
    expect(await mailer.retryDue()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await findOutboxEmail(ctx.database.db, queued.id)).toMatchObject({
      attempts: 2,
      error: null,
      failedAt: null,
      sentAt: clock,
      textBody: null,
    });
  });

  it('gives up after the configured attempts when the server keeps answering 4xx', async () => {
    clock = new Date('2031-03-03T09:00:00Z');
    smtp.refuseNext(450, 450, 450, 450);
    const queued = await mailer.send(spanishReset(uniqueEmail('busy')));
    await queued.deliver();

    // The back-off doubles: 60 s after the first failure, 120 s after the second.
    clock = new Date(clock.getTime() + 60_000);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    const second = await findOutboxEmail(ctx.database.db, queued.id);
    expect(second?.nextAttemptAt).toEqual(new Date(clock.getTime() + 120_000));
    clock = new Date(clock.getTime() + 120_000);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 1 });

    expect(smtp.attempts()).toBe(3);
    expect(smtp.received).toHaveLength(0);
    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({
      attempts: 3,
      sentAt: null,
      failedAt: clock,
      nextAttemptAt: null,
      textBody: null,
      htmlBody: null,
    });
    expect(row?.error).toContain('450');
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(smtp.attempts()).toBe(3);
  });

  it('gives up at once on a 5xx answer: the same message would be refused again', async () => {
    clock = new Date('2031-03-04T09:00:00Z');
    const to = uniqueEmail('nobody');
    smtp.refuseNext(550);
    const queued = await mailer.send(spanishReset(to));
    await queued.deliver();

    const row = await findOutboxEmail(ctx.database.db, queued.id);
    expect(row).toMatchObject({
      attempts: 1,
      sentAt: null,
      failedAt: clock,
      nextAttemptAt: null,
      textBody: null,
      htmlBody: null,
    });
    expect(row?.error).toContain('550');
    // The stored error never holds the whole address (servers quote it when they refuse it).
    expect(row?.error).not.toContain(to);

    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect(await mailer.retryDue()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(smtp.attempts()).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });
});
