import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { inviteReminders, invites, userCredentials, users } from '../../db/schema.js';

const DAY_MS = 86_400_000;

/** The reminder rounds: the days after the first invitation each is due. */
export const REMINDER_DAYS = { 1: 3, 2: 7 } as const;
export type ReminderRound = keyof typeof REMINDER_DAYS;

/** An invitation a reminder is due for, locked for this pass. */
export type DueReminder = {
  inviteId: string;
  familyId: string;
  familyMemberId: string;
  userId: string | null;
  invitedByUserId: string;
  email: string | null;
  expiresAt: Date;
  round: ReminderRound;
};

/**
 * Live co-parent invitations (a parent invited; not accepted, replaced or expired; the invited
 * user has no credentials) whose latest due round has no reminder yet, claimed with FOR UPDATE
 * SKIP LOCKED: another instance's pass skips them until this transaction ends, then finds the
 * reminder row and the invite replaced. A round missed (the job was off) is not sent late once the
 * next is due: only the latest.
 */
export async function claimDueReminders(
  tx: Executor,
  instant: Date,
  limit: number,
): Promise<DueReminder[]> {
  const firstInvitedAt = sql`(select min(first.created_at) from ${invites} first
    where first.family_member_id = ${invites.familyMemberId})`;
  const at = (days: number) => new Date(instant.getTime() - days * DAY_MS).toISOString();
  const dueRound = sql<number>`case
    when ${firstInvitedAt} <= ${at(REMINDER_DAYS[2])}::timestamptz then 2
    when ${firstInvitedAt} <= ${at(REMINDER_DAYS[1])}::timestamptz then 1
    else 0 end`;
  const lastRound = sql`coalesce((select max(${inviteReminders.round}) from ${inviteReminders}
    where ${inviteReminders.familyMemberId} = ${invites.familyMemberId}), 0)`;
  const rows = await tx
    .select({
      inviteId: invites.id,
      familyId: invites.familyId,
      familyMemberId: invites.familyMemberId,
      userId: invites.userId,
      invitedByUserId: invites.invitedByUserId,
      email: invites.email,
      expiresAt: invites.expiresAt,
      round: dueRound.mapWith(Number),
    })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.invitedByUserId))
    .where(
      and(
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, instant),
        isNotNull(invites.invitedByUserId),
        // A co-parent invitation: the inviter is a parent (a professional's invitation is not).
        eq(users.kind, 'PARENT'),
        sql`not exists (select 1 from ${userCredentials}
          where ${userCredentials.userId} = ${invites.userId})`,
        sql`${lastRound} < ${dueRound}`,
      ),
    )
    .orderBy(invites.createdAt)
    .limit(limit)
    .for('update', { of: invites, skipLocked: true });
  return rows.flatMap((row) =>
    row.invitedByUserId && (row.round === 1 || row.round === 2)
      ? [{ ...row, invitedByUserId: row.invitedByUserId, round: row.round }]
      : [],
  );
}

/**
 * Records a round's reminder; false when it is already recorded (the primary key): the caller then
 * rolls back what it queued.
 */
export async function recordReminder(
  tx: Executor,
  reminder: { familyMemberId: string; round: ReminderRound; inviteId: string; sentAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(inviteReminders)
    .values(reminder)
    .onConflictDoNothing()
    .returning({ round: inviteReminders.round });
  return inserted.length === 1;
}
