import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst } from '../../db/queries.js';
import { type SmsOutboxRow, smsOutbox } from '../../db/schema.js';

/**
 * Twilio's message statuses in the order a message goes through them. A status callback carries
 * no timestamp or sequence number, and callbacks can arrive late, twice or replayed, so a status
 * is recorded only when it is further along than the one the row has: a replayed `sent` never
 * undoes `delivered`, and the same callback twice changes nothing. The final statuses share a
 * rank (one never replaces another); `read` (WhatsApp) comes after `delivered`.
 */
const STATUS_RANK: Record<string, number> = {
  accepted: 1,
  scheduled: 1,
  queued: 2,
  sending: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
  partially_delivered: 5,
  read: 6,
};

/** The statuses that mean the text did not reach the person (the account home says so). */
export const NOT_DELIVERED_STATUSES: readonly string[] = ['failed', 'undelivered'];

export type DeliveryStatusOutcome = 'RECORDED' | 'UNCHANGED' | 'UNKNOWN_MESSAGE';

/** Whether `status` is one of Twilio's message statuses this outbox records. */
export function isKnownDeliveryStatus(status: string): boolean {
  return status in STATUS_RANK;
}

/** The statuses `status` may replace: none yet, or any of a lower rank. */
function earlierStatuses(status: string): string[] {
  const rank = STATUS_RANK[status] ?? 0;
  return Object.keys(STATUS_RANK).filter((s) => (STATUS_RANK[s] ?? 0) < rank);
}

/**
 * Records a provider's status on the outbox row of its message id, in one conditional update (two
 * callbacks at once cannot both win). Answers whether it moved the row forward, left it (an
 * earlier or equal status, or a status this outbox does not record), or found no row.
 */
export async function recordDeliveryStatus(
  exec: Executor,
  update: { providerMessageId: string; status: string; errorCode: number | null; at: Date },
): Promise<{ outcome: DeliveryStatusOutcome; row?: SmsOutboxRow }> {
  const { providerMessageId, status, errorCode, at } = update;
  if (isKnownDeliveryStatus(status)) {
    const [row] = await exec
      .update(smsOutbox)
      .set({ deliveryStatus: status, deliveryStatusAt: at, deliveryErrorCode: errorCode })
      .where(
        and(
          eq(smsOutbox.providerMessageId, providerMessageId),
          or(
            isNull(smsOutbox.deliveryStatus),
            inArray(smsOutbox.deliveryStatus, earlierStatuses(status)),
          ),
        ),
      )
      .returning();
    if (row) return { outcome: 'RECORDED', row };
  }
  const existing = await findFirst(
    exec,
    smsOutbox,
    eq(smsOutbox.providerMessageId, providerMessageId),
  );
  return existing ? { outcome: 'UNCHANGED', row: existing } : { outcome: 'UNKNOWN_MESSAGE' };
}
