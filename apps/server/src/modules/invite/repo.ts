import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst } from '../../db/queries.js';
import {
  familyMembers,
  type InviteProgressRow,
  type InviteRow,
  inviteProgress,
  invites,
  type ParentProfileRow,
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

/** Revokes every live invite of the member, pointing them at the new one. */
export async function revokeMemberInvites(
  db: Executor,
  familyMemberId: string,
  replacedByInviteId: string,
  now: Date,
): Promise<void> {
  await db
    .update(invites)
    .set({ revokedAt: now, replacedByInviteId })
    .where(
      and(
        eq(invites.familyMemberId, familyMemberId),
        isNull(invites.revokedAt),
        ne(invites.id, replacedByInviteId),
      ),
    );
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

export async function findParentProfile(
  db: Executor,
  userId: string,
): Promise<ParentProfileRow | undefined> {
  return findFirst(db, parentProfiles, eq(parentProfiles.userId, userId));
}

export async function upsertParentProfile(
  db: Executor,
  userId: string,
  values: Partial<Omit<typeof parentProfiles.$inferInsert, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<void> {
  const set = { ...values, updatedAt: now };
  await db
    .insert(parentProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: parentProfiles.userId, set });
}

export async function findInviteProgress(
  db: Executor,
  userId: string,
): Promise<InviteProgressRow | undefined> {
  return findFirst(db, inviteProgress, eq(inviteProgress.userId, userId));
}

export async function upsertInviteProgress(
  db: Executor,
  userId: string,
  values: Partial<Omit<typeof inviteProgress.$inferInsert, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<void> {
  const set = { ...values, updatedAt: now };
  await db
    .insert(inviteProgress)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: inviteProgress.userId, set });
}
