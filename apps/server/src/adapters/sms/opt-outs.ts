import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst } from '../../db/queries.js';
import { smsOptOuts, smsOutbox } from '../../db/schema.js';

/** Why a number is on the opt-out list: its own STOP reply, or Twilio's 21610 answer to a send. */
export type OptOutSource = 'REPLY' | 'PROVIDER';

/** What a text to an opted-out number is given up with (kept on its outbox row). */
export const OPTED_OUT_ERROR = 'opted out: the recipient replied STOP';

/** Whether the number (E.164) asked for no more texts. */
export async function isOptedOut(exec: Executor, phoneNumber: string): Promise<boolean> {
  return (await findFirst(exec, smsOptOuts, eq(smsOptOuts.phoneNumber, phoneNumber))) !== undefined;
}

/**
 * Puts the number on the list (the first opt-out's date stays) and gives up every text to it not
 * yet sent: nothing more goes to it, and its bodies (links) are dropped.
 */
export async function recordOptOut(
  exec: Executor,
  phoneNumber: string,
  source: OptOutSource,
  at: Date,
): Promise<void> {
  await exec
    .insert(smsOptOuts)
    .values({ phoneNumber, source, optedOutAt: at })
    .onConflictDoNothing({ target: smsOptOuts.phoneNumber });
  await exec
    .update(smsOutbox)
    .set({ error: OPTED_OUT_ERROR, failedAt: at, nextAttemptAt: null, body: null })
    .where(
      and(
        eq(smsOutbox.toNumber, phoneNumber),
        isNull(smsOutbox.sentAt),
        isNull(smsOutbox.failedAt),
      ),
    );
}

/** Takes the number off the list (START, UNSTOP, YES): texts may go to it again. */
export async function clearOptOut(exec: Executor, phoneNumber: string): Promise<void> {
  await exec.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phoneNumber));
}
