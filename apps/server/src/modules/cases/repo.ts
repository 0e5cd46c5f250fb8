import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type FamilyMemberRow, families, familyMembers, userCredentials } from '../../db/schema.js';

/** The families a professional created, newest first. */
export async function findFamiliesCreatedBy(
  db: Executor,
  userId: string,
): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: families.id, createdAt: families.createdAt })
    .from(families)
    .where(eq(families.createdByUserId, userId))
    .orderBy(desc(families.createdAt), desc(families.id));
}

/** The members of these families, in family order. */
export async function findMembersOfFamilies(
  db: Executor,
  familyIds: readonly string[],
): Promise<FamilyMemberRow[]> {
  if (familyIds.length === 0) return [];
  return db
    .select()
    .from(familyMembers)
    .where(inArray(familyMembers.familyId, [...familyIds]))
    .orderBy(asc(familyMembers.familyId), asc(familyMembers.position));
}

/** Which of these users have a username and password. */
export async function usersWithCredentials(
  db: Executor,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: userCredentials.userId })
    .from(userCredentials)
    .where(inArray(userCredentials.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}
