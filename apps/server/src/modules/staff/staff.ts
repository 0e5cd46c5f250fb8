import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCredentials, users } from '../../db/schema.js';
import { usernameKey } from '../account/repo.js';

export type StaffChange = { userId: string; username: string; isStaff: boolean };

export class StaffError extends Error {
  override name = 'StaffError';
}

/**
 * Grants or revokes the staff role (the right to read the funnel report) of the account with this username
 * (compared without case). Refused when no account has it.
 */
export async function setStaff(
  db: Executor,
  username: string,
  isStaff: boolean,
): Promise<StaffChange> {
  const [account] = await db
    .select({ userId: userCredentials.userId, username: userCredentials.username })
    .from(userCredentials)
    .where(eq(userCredentials.usernameKey, usernameKey(username)))
    .limit(1);
  if (!account) throw new StaffError(`no account has the username "${username.trim()}"`);
  await db.update(users).set({ isStaff }).where(eq(users.id, account.userId));
  return { ...account, isStaff };
}

/** `--grant <username>` or `--revoke <username>` (also `--grant=<username>`). */
export function parseStaffArgs(argv: readonly string[]): { username: string; isStaff: boolean } {
  const found: { username: string; isStaff: boolean }[] = [];
  argv.forEach((arg, index) => {
    for (const [flag, isStaff] of [
      ['--grant', true],
      ['--revoke', false],
    ] as const) {
      if (arg === flag) found.push({ username: argv[index + 1] ?? '', isStaff });
      if (arg.startsWith(`${flag}=`)) found.push({ username: arg.slice(flag.length + 1), isStaff });
    }
  });
  const [only] = found;
  if (
    found.length !== 1 ||
    !only ||
    only.username.trim() === '' ||
    only.username.startsWith('--')
  ) {
    throw new StaffError(
      'usage: npm run staff -w apps/server -- --grant <username> | --revoke <username>',
    );
  }
  return only;
}
