import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCredentials } from '../../db/schema.js';

/** The argon2id hash of the user's password, when they have credentials. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: userCredentials.passwordHash })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return row?.passwordHash;
}
