import { emailKey } from '@coparent/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type NewUserRow, type UserRow, users } from '../../db/schema.js';

export async function userExistsWithEmail(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailNormalized, emailKey(email)))
    .limit(1);
  return rows.length > 0;
}

export type NewUser = Omit<NewUserRow, 'id' | 'emailNormalized' | 'createdAt'>;

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const email = user.email.trim();
  const [row] = await db
    .insert(users)
    .values({ ...user, email, emailNormalized: emailKey(email) })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}
