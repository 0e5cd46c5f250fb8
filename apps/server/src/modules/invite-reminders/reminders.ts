import { phoneNumberE164, resolveLocale, supportPhoneFor } from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { QueuedText, SmsSender } from '../../adapters/sms/sms-sender.js';
import type { Db, Executor } from '../../db/client.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { reissueInvite } from '../accounts/provision.js';
import { invitationReminderEmail } from '../email/templates/invitation-reminder.js';
import { invitationReminderText } from '../email/templates/invitation-reminder-text.js';
import { claimDueReminders, type DueReminder, recordReminder } from './repo.js';

/** Invitations reminded per transaction: short transactions, few rows locked at once. */
const BATCH_SIZE = 50;
const DAY_MS = 86_400_000;

export type ReminderCounts = { emails: number; texts: number };
type Queued = { mails: QueuedMail[]; texts: QueuedText[] };

/** The invitation a reminder reissues: the same family member, invitee and inviter. */
const inviteOf = (due: DueReminder) => ({
  familyId: due.familyId,
  familyMemberId: due.familyMemberId,
  userId: due.userId,
  invitedByUserId: due.invitedByUserId,
  email: due.email,
});

/**
 * The co-parent's invitation reminders (decision 046): 3 and 7 days after the first invitation,
 * one each, by email, and by text when the invitation was texted (the co-parent had no email), in
 * the inviting parent's language. Only token hashes are stored, so a reminder carries a new link:
 * a new invite with the same expiry replaces the live one (its link stops working, and can still
 * ask for a new one), so one link at a time works and a reminder never lengthens an invitation's
 * life. The reminder row, the new invite and the outbox rows commit together; the messages leave
 * after the commit.
 */
export function createInvitationReminders(deps: {
  db: Db;
  mailer: Mailer;
  smsSender: SmsSender;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { db, mailer, smsSender, now, log, publicUrl } = deps;

  /** One invitation's reminder, in the claiming transaction; the deliveries to start after it. */
  async function remind(tx: Executor, due: DueReminder, instant: Date): Promise<Queued> {
    const queued: Queued = { mails: [], texts: [] };
    const inviter = await findUserById(tx, due.invitedByUserId);
    const coParent = due.userId ? await findUserById(tx, due.userId) : undefined;
    const email = due.email ?? coParent?.email;
    // Texted exactly when Parent A knew only the phone (the invite has no email).
    const phone = due.email
      ? undefined
      : coParent && phoneNumberE164(coParent.phoneCountryCode, coParent.phoneNumber);
    // Nobody to reach: the round is done, and the live link stays as it is.
    const invite =
      inviter && (email || phone)
        ? await reissueInvite(
            tx,
            { ...inviteOf(due), expiresAt: due.expiresAt },
            publicUrl,
            instant,
          )
        : undefined;
    const recorded = await recordReminder(tx, {
      familyMemberId: due.familyMemberId,
      round: due.round,
      inviteId: invite?.inviteId ?? due.inviteId,
      sentAt: instant,
    });
    // Another pass recorded the round (the claim makes this all but impossible): roll back the
    // batch rather than send it twice; the next pass finds the round done.
    if (!recorded) throw new Error('invitation reminder round already recorded');
    if (!inviter || !invite) return queued;

    const locale = resolveLocale(inviter.locale);
    const secretsExpireAt = due.expiresAt;
    if (email) {
      const address = await findUserAddress(tx, inviter.id);
      const mail = invitationReminderEmail({
        locale,
        firstName: coParent?.firstName ?? '',
        inviterName: `${inviter.firstName} ${inviter.lastName}`,
        inviteUrl: invite.url,
        expiresInDays: Math.max(
          1,
          Math.ceil((due.expiresAt.getTime() - instant.getTime()) / DAY_MS),
        ),
        supportPhone: supportPhoneFor(address?.country).display,
      });
      queued.mails.push(await mailer.send({ to: email, locale, ...mail, secretsExpireAt }, tx));
    }
    if (phone) {
      const text = invitationReminderText({
        locale,
        inviterFirstName: inviter.firstName,
        inviteUrl: invite.url,
      });
      queued.texts.push(await smsSender.send({ to: phone, ...text, secretsExpireAt }, tx));
    }
    return queued;
  }

  /** Every reminder due now, a batch per transaction; the messages queued. */
  async function remindDue(): Promise<ReminderCounts> {
    const counts: ReminderCounts = { emails: 0, texts: 0 };
    for (;;) {
      const instant = now();
      const { claimed, queued } = await db.transaction(async (tx) => {
        const claimed = await claimDueReminders(tx, instant, BATCH_SIZE);
        const queued: Queued = { mails: [], texts: [] };
        for (const due of claimed) {
          const one = await remind(tx, due, instant);
          queued.mails.push(...one.mails);
          queued.texts.push(...one.texts);
        }
        return { claimed, queued };
      });
      for (const message of [...queued.mails, ...queued.texts]) void message.deliver();
      for (const due of claimed) {
        log.info({ familyMemberId: due.familyMemberId, round: due.round }, 'invitation reminder');
      }
      counts.emails += queued.mails.length;
      counts.texts += queued.texts.length;
      if (claimed.length < BATCH_SIZE) return counts;
    }
  }

  return { remindDue };
}
