import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { PGLITE_MEMORY } from '../config.js';
import { createDatabase, migrate } from '../db/client.js';
import { seedCatalog } from '../modules/pricing/seed.js';
import { adminQuery, withDatabaseName } from './postgres-admin.js';
import { testConfig } from './test-app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, seeded PGlite data directory (see createTestDatabase). */
    pgliteSnapshot: string;
    /** A migrated, seeded PostgreSQL database to copy (when TEST_DATABASE_URL is set). */
    postgresTemplate: string | undefined;
  }
}

/**
 * Once per run: a PGlite database migrated and seeded with the catalog, dumped to a file. Each
 * test file's PGlite starts from it (about a second) instead of running initdb, the migrations
 * and the seed (about four seconds on this two-core machine, sixty-odd times a run). Likewise on
 * PostgreSQL: one migrated, seeded database that each test file's database copies
 * (`CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const postgresTemplate = await createPostgresTemplate();
  project.provide('postgresTemplate', postgresTemplate?.name);

  const client = new PGlite();
  const database = createDatabase(
    { database: { kind: 'pglite', dataDir: PGLITE_MEMORY } },
    { pglite: client },
  );
  await migrate(database);
  await seedCatalog(database.db, testConfig().catalog.dir);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(join(tmpdir(), 'coparent-pglite-'));
  const file = join(dir, 'snapshot.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
}

async function createPostgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!adminUrl) return undefined;
  const name = `coparent_test_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  // Copying needs the template without connections: this one is closed before any test starts.
  const database = createDatabase({
    database: { kind: 'pg', url: withDatabaseName(adminUrl, name) },
  });
  try {
    await migrate(database);
    await seedCatalog(database.db, testConfig().catalog.dir);
  } finally {
    await database.close();
  }
  return {
    name,
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}
