import type { Executor } from '../../db/client.js';
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
  const [row] = await db
    .insert(families)
    .values({ ...values, createdAt: now })
    .returning({ id: families.id });
  if (!row) throw new Error('insert into families returned no row');
  return row.id;
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
  const [row] = await db
    .insert(invites)
    .values({ ...values, createdAt: now })
    .returning({ id: invites.id });
  if (!row) throw new Error('insert into invites returned no row');
  return row.id;
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
  const [row] = await db
    .insert(orders)
    .values({ ...order, createdAt: startsAt })
    .returning({ id: orders.id });
  if (!row) throw new Error('insert into orders returned no row');
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
