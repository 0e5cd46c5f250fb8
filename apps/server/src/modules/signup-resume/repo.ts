import { and, eq, gt, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type SignupRow, signups } from '../../db/schema.js';

/** A signup whose resume email is due: Parent A's name, email and language. */
export type DueResume = Pick<
  SignupRow,
  'id' | 'parentFirstName' | 'parentEmail' | 'locale' | 'expiresAt'
>;

/**
 * Unfinished signups (step 1 done, not paid, not expired) untouched since `lastSaveBefore`, not yet
 * emailed, and not started again (no later signup with the same email, in any browser), claimed
 * with FOR UPDATE SKIP LOCKED so two instances never email one twice.
 */
export function claimDueResumes(
  tx: Executor,
  instant: Date,
  lastSaveBefore: Date,
  limit: number,
): Promise<DueResume[]> {
  return tx
    .select({
      id: signups.id,
      parentFirstName: signups.parentFirstName,
      parentEmail: signups.parentEmail,
      locale: signups.locale,
      expiresAt: signups.expiresAt,
    })
    .from(signups)
    .where(
      and(
        isNull(signups.completedAt),
        isNull(signups.resumeEmailQueuedAt),
        gte(signups.lastCompletedStep, 1),
        isNotNull(signups.parentEmail),
        gt(signups.expiresAt, instant),
        lte(signups.updatedAt, lastSaveBefore),
        sql`not exists (select 1 from ${signups} as newer
          where lower(newer.parent_email) = lower(${signups.parentEmail})
          and newer.created_at > ${signups.createdAt})`,
      ),
    )
    .orderBy(signups.updatedAt)
    .limit(limit)
    .for('update', { of: signups, skipLocked: true });
}

/** The resume email is queued: its token's hash, kept until the link is used. */
export async function recordResumeEmail(
  tx: Executor,
  signupId: string,
  tokenHash: string,
  instant: Date,
): Promise<void> {
  await tx
    .update(signups)
    .set({ resumeTokenHash: tokenHash, resumeEmailQueuedAt: instant })
    .where(eq(signups.id, signupId));
}

/**
 * Spends a resume link: the unfinished, live signup it names gets a new registration key hash and
 * loses the link, in one statement (a second use finds no row). Undefined for an unknown, used or
 * expired link, or a paid signup.
 */
export async function spendResumeToken(
  db: Executor,
  tokenHash: string,
  registrationKeyHash: string,
  instant: Date,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(signups)
    .set({ registrationKeyHash, resumeTokenHash: null })
    .where(
      and(
        eq(signups.resumeTokenHash, tokenHash),
        isNull(signups.completedAt),
        gt(signups.expiresAt, instant),
      ),
    )
    .returning({ id: signups.id });
  return row;
}
