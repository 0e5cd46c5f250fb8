import { getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * The query shapes every repository repeats: one row by a condition (locked or not), the insert
 * of one row answered as stored, and the upsert of a row by its key.
 */

/** The first row of `table` that `where` matches; `forUpdate` locks it until the transaction ends. */
export async function findFirst<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as T['$inferSelect'] | undefined;
}

/** Inserts one row and answers it as stored (defaults and generated columns filled in). */
export async function insertOne<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values)
    .returning();
  if (!row) throw new Error(`insert into ${getTableName(table)} returned no row`);
  return row as T['$inferSelect'];
}

/**
 * Inserts `row`, or, where a row with the same `key` already stands, updates that one with `set`
 * (its key untouched).
 */
export async function upsert<T extends PgTable>(
  db: Executor,
  table: T,
  key: PgColumn | PgColumn[],
  row: T['$inferInsert'],
  set: Partial<T['$inferInsert']>,
): Promise<void> {
  await db
    .insert(table as PgTable)
    .values(row)
    .onConflictDoUpdate({ target: key, set });
}
