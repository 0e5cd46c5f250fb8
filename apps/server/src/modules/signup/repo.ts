import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  type NewSignupRow,
  type SignupChildRow,
  type SignupRow,
  signupChildren,
  signups,
} from '../../db/schema.js';

export type SignupChild = Pick<SignupChildRow, 'firstName' | 'lastName' | 'email'>;

export async function insertSignup(db: Executor, values: NewSignupRow): Promise<SignupRow> {
  const [row] = await db.insert(signups).values(values).returning();
  if (!row) throw new Error('insert into signups returned no row');
  return row;
}

export async function findSignupById(db: Executor, id: string): Promise<SignupRow | undefined> {
  const [row] = await db.select().from(signups).where(eq(signups.id, id)).limit(1);
  return row;
}

/** Locks the signup row for the rest of the transaction (concurrent saves apply one by one). */
export async function findSignupByIdForUpdate(
  db: Executor,
  id: string,
): Promise<SignupRow | undefined> {
  const [row] = await db.select().from(signups).where(eq(signups.id, id)).limit(1).for('update');
  return row;
}

export async function updateSignup(
  db: Executor,
  id: string,
  values: Partial<Omit<NewSignupRow, 'id' | 'registrationKeyHash' | 'createdAt'>>,
): Promise<void> {
  await db.update(signups).set(values).where(eq(signups.id, id));
}

export async function findChildren(db: Executor, signupId: string): Promise<SignupChild[]> {
  return db
    .select({
      firstName: signupChildren.firstName,
      lastName: signupChildren.lastName,
      email: signupChildren.email,
    })
    .from(signupChildren)
    .where(eq(signupChildren.signupId, signupId))
    .orderBy(asc(signupChildren.position));
}

/** Replaces the signup's children with `children`, keeping their order. */
export async function replaceChildren(
  db: Executor,
  signupId: string,
  children: readonly SignupChild[],
): Promise<void> {
  await db.delete(signupChildren).where(eq(signupChildren.signupId, signupId));
  if (children.length === 0) return;
  await db
    .insert(signupChildren)
    .values(children.map((child, position) => ({ ...child, signupId, position })));
}
