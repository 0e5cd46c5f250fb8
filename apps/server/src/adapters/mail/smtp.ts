import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import type { Mailer } from './mailer.js';
import { insertOutboxEmail, markOutboxEmailFailed, markOutboxEmailSent } from './outbox.js';

/** The part of a nodemailer transporter we use (tests pass a JSON or a failing transport). */
export type SmtpTransport = {
  sendMail(options: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
  }): Promise<unknown>;
  close?(): void;
};

/** A nodemailer SMTP transport from `SMTP_URL` (smtp[s]://user:pass@host:port; `?pool=true` pools). */
export function smtpTransportFromUrl(url: string): SmtpTransport {
  return nodemailer.createTransport(url);
}

/** Errors are stored on the row for operators: the message only, bounded. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 1000);
}

/**
 * The SMTP Mailer: writes the outbox row like the outbox mailer (in the caller's transaction),
 * and `deliver()` (after the commit) sends it through nodemailer, then sets `sent_at` or records
 * the error on the row. A failure is logged and never thrown.
 */
export function createSmtpMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  from: string;
  transport: SmtpTransport;
}): Mailer {
  const { db, log, now, from, transport } = deps;
  const inFlight = new Set<Promise<void>>();
  return {
    kind: 'smtp',
    async send(message, exec = db) {
      const row = await insertOutboxEmail(exec, message);
      const attempt = async () => {
        try {
          await transport.sendMail({
            from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            ...(row.htmlBody ? { html: row.htmlBody } : {}),
          });
          await markOutboxEmailSent(db, row.id, now());
        } catch (error) {
          log.error(
            { err: error, emailId: row.id, template: row.template },
            'sending an email failed; it stays in the outbox',
          );
          await markOutboxEmailFailed(db, row.id, describeError(error)).catch((err: unknown) =>
            log.error({ err, emailId: row.id }, 'recording an email failure failed'),
          );
        }
      };
      const deliver = () => {
        const running = attempt();
        inFlight.add(running);
        return running.finally(() => inFlight.delete(running));
      };
      return { id: row.id, deliver };
    },
    async close() {
      await Promise.all(inFlight);
      transport.close?.();
    },
  };
}
