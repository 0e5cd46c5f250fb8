import { normalizePassword } from '@coparent/domain';
import type { Db } from '../../db/client.js';
import { hashSecret } from '../../security/hash.js';
import { insertCredentials, insertUser } from '../account/repo.js';

/**
 * The demo seed's staff account (DEMO_STAFF_USERNAME and DEMO_STAFF_PASSWORD, never in
 * production): a user with a username, a password and the staff role, so the browser tests can
 * read the funnel report without any HTTP route that grants staff. Seeded with the demo account,
 * on an empty database only.
 */
export async function seedDemoStaff(
  db: Db,
  staff: { username: string; password: string },
  now: Date,
): Promise<void> {
  const passwordHash = await hashSecret(normalizePassword(staff.password));
  await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: 'staff@example.com',
      firstName: 'Sam',
      lastName: 'Staff',
      isStaff: true,
    });
    await insertCredentials(tx, { userId: user.id, username: staff.username, passwordHash }, now);
  });
}
