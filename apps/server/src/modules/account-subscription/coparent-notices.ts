import { resolveLocale, supportPhoneFor } from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/client.js';
import type { LocalizedText } from '../../db/schema.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { noticeDate } from '../email/templates/notice-date.js';
import {
  type CoParentNoticeKind,
  coParentRenewalNotice,
} from '../email/templates/subscription-coparent-notice.js';
import { findMembersOfOrder } from './repo.js';

/**
 * The notice to each co-parent of the order whose subscription the payer pays (only those with an
 * email, and only the subscriptions named), in their own language, queued in the caller's
 * transaction: the payer's change of the renewal (subscription page) or the renewal job's end.
 */
export async function queueCoParentNotices(
  tx: Executor,
  mailer: Mailer,
  notice: {
    kind: CoParentNoticeKind;
    orderId: string;
    payerId: string;
    payerName: string;
    /** The subscriptions whose renewal changed. */
    subscriptionIds: string[];
    packageName: LocalizedText;
    /** The end of the paid term. */
    endDate: Date;
  },
): Promise<QueuedMail[]> {
  const members = await findMembersOfOrder(tx, notice.orderId);
  const queued: QueuedMail[] = [];
  for (const member of members) {
    if (!member.userId || member.userId === notice.payerId) continue;
    if (!notice.subscriptionIds.includes(member.subscriptionId)) continue;
    const [coParent, address] = await Promise.all([
      findUserById(tx, member.userId),
      findUserAddress(tx, member.userId),
    ]);
    if (!coParent?.email) continue;
    const locale = resolveLocale(coParent.locale);
    const mail = coParentRenewalNotice({
      kind: notice.kind,
      locale,
      firstName: coParent.firstName,
      supportPhone: supportPhoneFor(address?.country).display,
      payerName: notice.payerName,
      packageName: notice.packageName[locale],
      endDate: noticeDate(notice.endDate, locale, 'UTC'),
    });
    queued.push(
      await mailer.send({ to: coParent.email, locale, ...mail, secretsExpireAt: null }, tx),
    );
  }
  return queued;
}
