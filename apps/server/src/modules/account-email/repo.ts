import { and, count, desc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import { emailChanges, userCredentials } from '../../db/schema.js';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** The argon2id hash of the user's password, when they have credentials. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: userCredentials.passwordHash })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return row?.passwordHash;
}

export async function insertEmailChange(
  db: Executor,
  values: Pick<
    EmailChangeRow,
    'userId' | 'tokenHash' | 'newEmail' | 'fromEmailNormalized' | 'expiresAt' | 'createdAt'
  >,
): Promise<EmailChangeRow> {
  return insertOne(db, emailChanges, values);
}

/** Ends the user's open changes (a newer request, a cancel, or the change made). */
export async function revokeOpenEmailChanges(
  db: Executor,
  userId: string,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(emailChanges)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        isNull(emailChanges.revokedAt),
      ),
    )
    .returning({ id: emailChanges.id });
  return revoked.length;
}

/** The user's change still waiting for its link at `now`, if any (at most one is open). */
export async function findOpenEmailChange(
  db: Executor,
  userId: string,
  now: Date,
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        isNull(emailChanges.revokedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row;
}

export async function findEmailChangeByTokenHash(
  db: Executor,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<EmailChangeRow | undefined> {
  return findFirst(db, emailChanges, eq(emailChanges.tokenHash, tokenHash), options);
}

export async function markEmailChangeUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.id, id));
}

/** Changes asked for by the user since `since` (replaced, canceled and used ones too). */
export async function countUserEmailChangesSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gte(emailChanges.createdAt, since)));
  return row?.n ?? 0;
}

/** Drops changes that expired before `before`: the table stays small. */
export async function deleteStaleEmailChanges(db: Executor, before: Date): Promise<void> {
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, before));
}
