import pg from 'pg';

/** The URL of database `name` on the server of `url`. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * One statement on the server of `adminUrl` (create or drop a database) over its own
 * connection. Shared by the server's tests, the browser's outage test and the benchmarks.
 */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
