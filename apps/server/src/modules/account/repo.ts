import { emailKey } from '@coparent/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared-statement.js';
import { findFirst, insertOne, upsert } from '../../db/queries.js';
import {
  type CredentialsTokenPurpose,
  credentialsTokens,
  type NewUserRow,
  sessions,
  type UserRow,
  userAddresses,
  userCredentials,
  users,
} from '../../db/schema.js';

const userWithEmailStatement = preparedStatement<{ id: string }>(
  'user_with_email',
  sql`select ${users.id} from ${users}
    where ${users.emailNormalized} = ${sql.placeholder('emailNormalized')} limit 1`,
);

/** Prepared (built once): the signup's saves ask it inside their transactions. */
export async function userExistsWithEmail(db: Executor, email: string): Promise<boolean> {
  const rows = await userWithEmailStatement(db, { emailNormalized: emailKey(email) });
  return rows.length > 0;
}

export type NewUser = Omit<NewUserRow, 'id' | 'email' | 'emailNormalized' | 'createdAt'> & {
  email: string;
};
export type UserWithEmail = UserRow & { email: string };

export async function insertUser(db: Executor, user: NewUser): Promise<UserWithEmail> {
  const email = user.email.trim();
  const row = await insertOne(db, users, { ...user, email, emailNormalized: emailKey(email) });
  return { ...row, email };
}

/** An invited co-parent known only by phone: no email until the invite step 1 gives one. */
export async function insertUserWithoutEmail(
  db: Executor,
  user: Omit<NewUser, 'email'>,
): Promise<UserRow> {
  return insertOne(db, users, { ...user, email: null, emailNormalized: null });
}

/** Updates a user's own fields (the email keeps its normalized twin in step). */
export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      NewUserRow,
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'phoneCountryCode'
      | 'phoneNumber'
      | 'timeZone'
      | 'marketingOptIn'
      | 'termsAcceptedAt'
      | 'status'
      | 'locale'
    >
  >,
): Promise<void> {
  const set: Partial<NewUserRow> = { ...values };
  if (typeof values.email === 'string') {
    set.email = values.email.trim();
    set.emailNormalized = emailKey(values.email);
  }
  await db.update(users).set(set).where(eq(users.id, id));
}

export async function findUserAddress(
  db: Executor,
  userId: string,
): Promise<typeof userAddresses.$inferSelect | undefined> {
  const primary = and(eq(userAddresses.userId, userId), eq(userAddresses.type, 'PRIMARY'));
  return findFirst(db, userAddresses, primary);
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return findFirst(db, users, eq(users.emailNormalized, emailKey(email)));
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return findFirst(db, users, eq(users.id, id));
}

export async function upsertUserAddress(
  db: Executor,
  values: Omit<typeof userAddresses.$inferInsert, 'updatedAt'>,
  now: Date,
): Promise<void> {
  const set = { ...values, updatedAt: now };
  await upsert(db, userAddresses, [userAddresses.userId, userAddresses.type], set, set);
}

// ── Credentials (username and password) ─────────────────────────────────────────────────────────

/** The comparison form of a username: trimmed, lower-cased. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userCredentials.userId })
    .from(userCredentials)
    .where(eq(userCredentials.usernameKey, usernameKey(username)))
    .limit(1);
  return rows.length > 0;
}

/** The username of a user who has chosen one. */
export async function findCredentialsOfUser(
  db: Executor,
  userId: string,
): Promise<{ username: string } | undefined> {
  const [row] = await db
    .select({ username: userCredentials.username })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return row;
}

// Plain SQL: a builder's select on one table leaves its columns unqualified, which would make the
// subqueries compare user_credentials' columns with themselves.
const usernameCheckStatement = preparedStatement<{
  userId: string;
  /** As the driver answers them: the columns' decoders make Dates of them. */
  expiresAt: unknown;
  consumedAt: unknown;
  hasCredentials: boolean;
  usernameTaken: boolean;
}>(
  'username_check',
  sql`select token.user_id as "userId", token.expires_at as "expiresAt",
      token.consumed_at as "consumedAt",
      exists (
        select 1 from ${userCredentials} owner where owner.user_id = token.user_id
      ) as "hasCredentials",
      exists (
        select 1 from ${userCredentials} taken
        where taken.username_key = ${sql.placeholder('usernameKey')}
      ) as "usernameTaken"
    from ${credentialsTokens} token
    where token.token_hash = ${sql.placeholder('tokenHash')}
    limit 1`,
);

/**
 * What the username check reads, in one prepared round trip: the credentials token (undefined
 * when unknown), whether its user already has credentials, and whether `username` is taken
 * (`usernameTaken` and `hasCredentials` with `findCredentialsToken`).
 */
export async function findUsernameCheck(
  db: Executor,
  tokenHash: string,
  username: string,
): Promise<
  | {
      userId: string;
      expiresAt: Date;
      consumedAt: Date | null;
      hasCredentials: boolean;
      usernameTaken: boolean;
    }
  | undefined
> {
  const [row] = await usernameCheckStatement(db, { tokenHash, usernameKey: usernameKey(username) });
  if (!row) return undefined;
  return {
    ...row,
    expiresAt: credentialsTokens.expiresAt.mapFromDriverValue(row.expiresAt as string) as Date,
    consumedAt:
      row.consumedAt === null
        ? null
        : (credentialsTokens.consumedAt.mapFromDriverValue(row.consumedAt as string) as Date),
  };
}

export async function hasCredentials(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userCredentials.userId })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function insertCredentials(
  db: Executor,
  values: { userId: string; username: string; passwordHash: string },
  now: Date,
): Promise<void> {
  await db.insert(userCredentials).values({
    ...values,
    username: values.username.trim(),
    usernameKey: usernameKey(values.username),
    createdAt: now,
    updatedAt: now,
  });
}

export async function findCredentialsByUsername(
  db: Executor,
  username: string,
): Promise<{ userId: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ userId: userCredentials.userId, passwordHash: userCredentials.passwordHash })
    .from(userCredentials)
    .where(eq(userCredentials.usernameKey, usernameKey(username)))
    .limit(1);
  return row;
}

// ── Credentials tokens (single use) ─────────────────────────────────────────────────────────────

/**
 * Stores a new credentials token for the user and drops the user's earlier unused ones of the
 * same purpose (only the newest works; a new payment-answer token leaves the emailed link alone).
 */
export async function replaceCredentialsToken(
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    purpose?: CredentialsTokenPurpose;
  },
  now: Date,
): Promise<void> {
  const purpose = values.purpose ?? 'PAYMENT_ANSWER';
  await db
    .delete(credentialsTokens)
    .where(
      and(
        eq(credentialsTokens.userId, values.userId),
        eq(credentialsTokens.purpose, purpose),
        isNull(credentialsTokens.consumedAt),
      ),
    );
  await db.insert(credentialsTokens).values({ ...values, purpose, createdAt: now });
}

export type CredentialsTokenRow = typeof credentialsTokens.$inferSelect;

/** A credentials token by hash (locked for the rest of the transaction with `forUpdate`). */
export async function findCredentialsToken(
  db: Executor,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<CredentialsTokenRow | undefined> {
  return findFirst(db, credentialsTokens, eq(credentialsTokens.tokenHash, tokenHash), options);
}

/** Uses up every token of the user (the tab's and the emailed link): their job is done. */
export async function consumeUserCredentialsTokens(
  db: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(credentialsTokens)
    .set({ consumedAt: now })
    .where(and(eq(credentialsTokens.userId, userId), isNull(credentialsTokens.consumedAt)));
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────────

export async function insertSession(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(sessions).values({ ...values, createdAt: now });
}

export async function findSession(
  db: Executor,
  tokenHash: string,
): Promise<{ id: string; userId: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user (a password reset). */
export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
