import {
  ACCOUNT_EMAIL_CONFIRM_PATH,
  type Locale,
  resolveLocale,
  supportPhoneFor,
} from '@coparent/domain';
import type { Mailer, MailMessage, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { findUserAddress } from '../account/repo.js';
import { emailChangeConfirmEmail } from '../email/templates/email-change-confirm.js';
import { emailChangeRequestedEmail } from '../email/templates/email-change-requested.js';
import { emailChangedNoticeEmail } from '../email/templates/email-changed-notice.js';
import { noticeDate } from '../email/templates/notice-date.js';
import type { EmailRecipient, RenderedEmail } from '../email/templates/render.js';

/** The link of the confirmation email: the page takes the token out of the address bar. */
export function emailChangeConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_EMAIL_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The emails of one email change, in the account's language (whoever asks, the owner reads
 * them), queued in the caller's transaction. Only the confirmation carries a secret.
 */
export function emailChangeMails(mailer: Mailer, tx: Executor, user: UserRow, instant: Date) {
  const locale: Locale = resolveLocale(user.locale);

  async function send(
    to: string,
    build: (recipient: EmailRecipient) => RenderedEmail,
    secretsExpireAt: Date | null,
  ): Promise<QueuedMail> {
    const address = await findUserAddress(tx, user.id);
    const recipient: EmailRecipient = {
      locale,
      firstName: user.firstName,
      supportPhone: supportPhoneFor(address?.country).display,
    };
    const mail: MailMessage = { to, locale, ...build(recipient), secretsExpireAt };
    return mailer.send(mail, tx);
  }

  const date = () => noticeDate(instant, locale, user.timeZone);

  return {
    /** To the new address: the link that makes the change. */
    confirm: (to: string, confirmUrl: string, expiresInHours: number, expiresAt: Date) =>
      send(to, (r) => emailChangeConfirmEmail({ ...r, confirmUrl, expiresInHours }), expiresAt),
    /** To the current address: a change was asked for, nothing changed yet. */
    requested: (to: string, newEmail: string) =>
      send(to, (r) => emailChangeRequestedEmail({ ...r, newEmail, date: date() }), null),
    /** To the previous address: the change is done. */
    changed: (to: string, newEmail: string) =>
      send(to, (r) => emailChangedNoticeEmail({ ...r, newEmail, date: date() }), null),
  };
}
