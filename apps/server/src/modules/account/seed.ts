import type { Db } from '../../db/client.js';
import { countUsers, insertUser } from './repo.js';

/** The demo account: signing up with this email shows the duplicate-parent path. */
export const DEMO_ACCOUNT = {
  email: 'taken@example.com',
  firstName: 'Taylor',
  lastName: 'Taken',
  phoneCountryCode: 'US_CANADA',
  phoneNumber: '5555550100',
} as const;

/** Seeds the demo account when the database has no users yet; returns whether it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  await insertUser(db, { ...DEMO_ACCOUNT });
  return true;
}
