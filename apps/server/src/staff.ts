import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/client.js';
import { parseStaffArgs, StaffError, setStaff } from './modules/staff/staff.js';

/**
 * `npm run staff -w apps/server -- --grant <username>` (or `--revoke <username>`): sets the staff
 * role of an account in the configured database (DATABASE_URL, or the PGlite directory). Staff may
 * read the funnel report; the session answer's `isStaff` shows it. Refused when no account
 * has the username.
 */
async function main(): Promise<void> {
  const { username, isStaff } = parseStaffArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = createDatabase(config);
  try {
    await migrate(database);
    const change = await setStaff(database.db, username, isStaff);
    console.log(
      `${change.username} (${change.userId}) ${change.isStaff ? 'is now staff' : 'is no longer staff'}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof StaffError || err instanceof ConfigError) {
    console.error(`Staff change refused: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
