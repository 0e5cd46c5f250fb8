import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertOne } from '../../db/queries.js';
import {
  type FamilyMemberRow,
  families,
  familyMembers,
  invites,
  orders,
  subscriptions,
} from '../../db/schema.js';

export async function insertFamily(
  db: Executor,
  values: { createdByUserId: string },
  now: Date,
): Promise<string> {
  const family = await insertOne(db, families, { ...values, createdAt: now });
  return family.id;
}

export type NewFamilyMember = Omit<typeof familyMembers.$inferInsert, 'id' | 'createdAt'>;

export async function insertFamilyMembers(
  db: Executor,
  members: readonly NewFamilyMember[],
  now: Date,
): Promise<FamilyMemberRow[]> {
  if (members.length === 0) return [];
  return db
    .insert(familyMembers)
    .values(members.map((member) => ({ ...member, createdAt: now })))
    .returning();
}

export async function insertInvite(
  db: Executor,
  values: Omit<typeof invites.$inferInsert, 'id' | 'createdAt' | 'acceptedAt' | 'revokedAt'>,
  now: Date,
): Promise<string> {
  const invite = await insertOne(db, invites, { ...values, createdAt: now });
  return invite.id;
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

/**
 * A paid order and one subscription per family member it covers, all starting at `startsAt` and
 * renewing together. Answers the order's id.
 */
export async function insertPaidOrder(
  db: Executor,
  order: Omit<typeof orders.$inferInsert, 'id' | 'createdAt'>,
  coverage: { familyMemberIds: string[]; years: number; startsAt: Date; renewsAt: Date },
): Promise<string> {
  const { familyMemberIds, years, startsAt, renewsAt } = coverage;
  const row = await insertOne(db, orders, { ...order, createdAt: startsAt });
  if (familyMemberIds.length > 0) {
    await db.insert(subscriptions).values(
      familyMemberIds.map((familyMemberId) => ({
        orderId: row.id,
        familyMemberId,
        packageId: order.packageId,
        years,
        startsAt,
        renewsAt,
        createdAt: startsAt,
      })),
    );
  }
  return row.id;
}

/** A covered subscription for the user's newest family member, paid by their professional. */
export async function insertCoveredSubscription(
  db: Executor,
  covered: {
    userId: string;
    professionalId: string;
    packageId: number;
    years: number;
    startsAt: Date;
    renewsAt: Date;
  },
): Promise<void> {
  const { userId, professionalId, packageId, years, startsAt, renewsAt } = covered;
  const [member] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(eq(familyMembers.userId, userId))
    .orderBy(desc(familyMembers.createdAt))
    .limit(1);
  if (!member) return;
  await db.insert(subscriptions).values({
    familyMemberId: member.id,
    coveredByProfessionalId: professionalId,
    packageId,
    years,
    autoRenew: false,
    startsAt,
    renewsAt,
  });
}

/** Every invitation to this user is accepted from now (they set their credentials). */
export async function markInvitesAccepted(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(invites)
    .set({ acceptedAt: now })
    .where(and(eq(invites.userId, userId), isNull(invites.acceptedAt)));
}

/** A family's members, in their order (parents first, then the children). */
export async function findFamilyMembers(
  db: Executor,
  familyId: string,
): Promise<FamilyMemberRow[]> {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(asc(familyMembers.position));
}
