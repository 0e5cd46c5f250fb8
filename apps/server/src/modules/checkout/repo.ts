import type { Executor } from '../../db/client.js';
import { receipts } from '../../db/schema.js';

export async function insertReceipt(
  db: Executor,
  values: typeof receipts.$inferInsert,
): Promise<void> {
  await db.insert(receipts).values(values);
}
