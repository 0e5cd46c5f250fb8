import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/client.js';
import { formatFunnelReport, funnelReport, parseSince } from './modules/events/report.js';

/**
 * `npm run report:funnel -- --since 7d`: prints the Parent A funnel of the configured database
 * (DATABASE_URL, or the PGlite directory): visitors per step, the conversion to the next, and
 * the same per arm of each experiment. `--since` takes 30m, 24h, 7d (default), 2w.
 */
class UsageError extends Error {}

function parseReportArgs(argv: readonly string[]): { windowMs: number } {
  let since = '7d';
  argv.forEach((arg, index) => {
    if (arg === '--since') since = argv[index + 1] ?? '';
    else if (arg.startsWith('--since=')) since = arg.slice('--since='.length);
  });
  const windowMs = parseSince(since);
  if (windowMs === null) {
    throw new UsageError(`--since must look like 30m, 24h, 7d or 2w (got "${since}")`);
  }
  return { windowMs };
}

async function main(): Promise<void> {
  const { windowMs } = parseReportArgs(process.argv.slice(2));
  const database = createDatabase(loadConfig());
  try {
    await migrate(database);
    const report = await funnelReport(database.db, { windowMs, until: new Date() });
    console.log(formatFunnelReport(report));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError) {
    console.error(`report:funnel: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
