import { resolveLocale, supportPhoneFor } from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import { signupResumeEmail } from '../email/templates/signup-resume.js';
import { claimDueResumes, recordResumeEmail } from './repo.js';

/** Where the resume email's link opens (the token in the query, exchanged by the app on a click). */
export const RESUME_PATH = '/app/join/resume';

/** Signups emailed per transaction. */
const BATCH_SIZE = 50;

/**
 * The resume emails (decision 046): Parent A who saved step 1 and has not saved anything for
 * `delaySeconds` (and has not paid, nor started again) gets one email with a single-use link back
 * into the signup. The token's hash and the outbox row commit together, so a crash sends nothing
 * twice; the link dies with the signup (`secretsExpireAt`).
 */
export function createResumeEmails(deps: {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  delaySeconds: number;
}) {
  const { db, mailer, now, log, publicUrl, delaySeconds } = deps;

  async function sendDue(): Promise<{ emails: number }> {
    let emails = 0;
    for (;;) {
      const instant = now();
      const lastSaveBefore = new Date(instant.getTime() - delaySeconds * 1000);
      const queued = await db.transaction(async (tx) => {
        const due = await claimDueResumes(tx, instant, lastSaveBefore, BATCH_SIZE);
        const mails: { signupId: string; mail: QueuedMail }[] = [];
        for (const signup of due) {
          if (!signup.parentEmail) continue;
          const token = generateToken();
          await recordResumeEmail(tx, signup.id, hashToken(token), instant);
          const locale = resolveLocale(signup.locale);
          const email = signupResumeEmail({
            locale,
            firstName: signup.parentFirstName,
            // The country is asked at billing; before it, the default line.
            supportPhone: supportPhoneFor(undefined).display,
            resumeUrl: `${publicUrl}${RESUME_PATH}?token=${encodeURIComponent(token)}`,
          });
          const message = { to: signup.parentEmail, locale, ...email };
          const mail = await mailer.send({ ...message, secretsExpireAt: signup.expiresAt }, tx);
          mails.push({ signupId: signup.id, mail });
        }
        return { mails, claimed: due.length };
      });
      for (const { signupId, mail } of queued.mails) {
        void mail.deliver();
        log.info({ signupId }, 'signup resume email');
      }
      emails += queued.mails.length;
      if (queued.claimed < BATCH_SIZE) return { emails };
    }
  }

  return { sendDue };
}
