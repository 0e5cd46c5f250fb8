import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst, upsert } from '../../db/queries.js';
import {
  familyMembers,
  type InviteRow,
  inviteProgress,
  invites,
  parentProfiles,
  subscriptions,
} from '../../db/schema.js';

// ── Invites by token, and their replacement ─────────────────────────────────────────────────────

export async function findInviteByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<InviteRow | undefined> {
  return findFirst(db, invites, eq(invites.tokenHash, tokenHash));
}

/** How many invites a family member got since `since` (the new-link rate limit). */
export async function countInvitesSince(
  db: Executor,
  familyMemberId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invites)
    .where(and(eq(invites.familyMemberId, familyMemberId), gt(invites.createdAt, since)));
  return row?.count ?? 0;
}

export async function linkInviteUser(
  db: Executor,
  invite: { id: string; familyMemberId: string },
  userId: string,
): Promise<void> {
  await db.update(invites).set({ userId }).where(eq(invites.id, invite.id));
  await db.update(familyMembers).set({ userId }).where(eq(familyMembers.id, invite.familyMemberId));
}

// ── The family as the invited user sees it ──────────────────────────────────────────────────────

/** The member's current subscription (ACTIVE, renewing after `now`), if any. */
export async function findCurrentSubscription(
  db: Executor,
  familyMemberId: string,
  now: Date,
): Promise<{ packageId: number; renewsAt: Date } | undefined> {
  const [row] = await db
    .select({ packageId: subscriptions.packageId, renewsAt: subscriptions.renewsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.familyMemberId, familyMemberId),
        eq(subscriptions.status, 'ACTIVE'),
        gt(subscriptions.renewsAt, now),
      ),
    )
    .orderBy(desc(subscriptions.renewsAt))
    .limit(1);
  return row;
}

// ── The invited user's answers and progress ─────────────────────────────────────────────────────

/**
 * The reads and writes of a table with one row per invited user: the row, and its upsert with
 * the time of the change.
 */
function perUserRow<T extends typeof parentProfiles | typeof inviteProgress>(table: T) {
  type Values = Partial<Omit<T['$inferInsert'], 'userId' | 'updatedAt'>>;
  return {
    find: (db: Executor, userId: string): Promise<T['$inferSelect'] | undefined> =>
      findFirst(db, table, eq(table.userId, userId)),
    upsert: async (db: Executor, userId: string, values: Values, now: Date): Promise<void> => {
      // The spread of a generic row type is not one TypeScript can check against the table.
      const set = { ...values, updatedAt: now } as Partial<T['$inferInsert']>;
      await upsert(db, table, table.userId, { userId, ...set } as T['$inferInsert'], set);
    },
  };
}

export const { find: findParentProfile, upsert: upsertParentProfile } = perUserRow(parentProfiles);
export const { find: findInviteProgress, upsert: upsertInviteProgress } =
  perUserRow(inviteProgress);
