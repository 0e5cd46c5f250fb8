import { digitsOnly } from '@coparent/domain';
import { and, count, eq, gte, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { findFirst, insertOne } from '../../db/queries.js';
import { passwordResets, type UserRow, userCredentials, users } from '../../db/schema.js';
import { usernameKey } from '../account/repo.js';

export type RecoverableAccount = {
  user: UserRow;
  username: string;
  passwordHash: string;
};

/** Accounts that can reset a password: users with credentials. */
function accountsQuery(db: Executor) {
  return db
    .select({
      user: users,
      username: userCredentials.username,
      passwordHash: userCredentials.passwordHash,
    })
    .from(users)
    .innerJoin(userCredentials, eq(userCredentials.userId, users.id));
}

export async function findAccountByEmailKey(
  db: Executor,
  emailNormalized: string,
): Promise<RecoverableAccount | undefined> {
  const [row] = await accountsQuery(db).where(eq(users.emailNormalized, emailNormalized)).limit(1);
  return row;
}

export async function findAccountByUsername(
  db: Executor,
  username: string,
): Promise<RecoverableAccount | undefined> {
  const [row] = await accountsQuery(db)
    .where(eq(userCredentials.usernameKey, usernameKey(username)))
    .limit(1);
  return row;
}

/** Accounts with this phone (at most 2: enough to tell one from several). */
export async function findAccountsByPhone(
  db: Executor,
  countryCode: string,
  phone: string,
): Promise<RecoverableAccount[]> {
  return accountsQuery(db)
    .where(and(eq(users.phoneCountryCode, countryCode), eq(users.phoneNumber, digitsOnly(phone))))
    .limit(2);
}

export async function findAccountByUserId(
  db: Executor,
  userId: string,
): Promise<RecoverableAccount | undefined> {
  const [row] = await accountsQuery(db).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Recoveries created for the user since `since` (replaced and used ones too). */
export async function countUserResetsSince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since)));
  return row?.n ?? 0;
}

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertReset(
  db: Executor,
  values: {
    userId: string | null;
    linkTokenHash: string;
    codeHash: string;
    expiresAt: Date;
  },
  now: Date,
): Promise<string> {
  const reset = await insertOne(db, passwordResets, { ...values, createdAt: now });
  return reset.id;
}

/** Ends the user's open recoveries (a newer request, or a reset). */
export async function revokeOpenResets(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ revokedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.revokedAt),
      ),
    );
}

export async function findResetById(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PasswordResetRow | undefined> {
  return findFirst(db, passwordResets, eq(passwordResets.id, id), options);
}

/** The recovery of a token: the emailed link's, or the one the code exchange answered. */
export async function findResetByTokenHash(
  db: Executor,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<PasswordResetRow | undefined> {
  const token = or(
    eq(passwordResets.linkTokenHash, tokenHash),
    eq(passwordResets.resetTokenHash, tokenHash),
  );
  return findFirst(db, passwordResets, token, options);
}

export async function updateReset(
  db: Executor,
  id: string,
  values: Partial<Pick<PasswordResetRow, 'attempts' | 'resetTokenHash' | 'expiresAt' | 'usedAt'>>,
): Promise<void> {
  await db.update(passwordResets).set(values).where(eq(passwordResets.id, id));
}

export async function setPasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(userCredentials)
    .set({ passwordHash, updatedAt: now })
    .where(eq(userCredentials.userId, userId));
}

/** Drops recoveries that expired before `before` (decoys included): the table stays small. */
export async function deleteStaleResets(db: Executor, before: Date): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before));
}
