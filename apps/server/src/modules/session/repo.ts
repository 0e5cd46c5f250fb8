import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCredentials } from '../../db/schema.js';

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
