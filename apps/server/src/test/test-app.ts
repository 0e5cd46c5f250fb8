import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig, PGLITE_MEMORY } from '../config.js';
import { createDatabase, type Database, migrate } from '../db/client.js';
import { seedCatalog } from '../modules/pricing/seed.js';
import { adminQuery, withDatabaseName } from './postgres-admin.js';

/**
 * Test helpers: build the app with `inject` on a fresh database for each backend (migrated, with
 * the catalog of apps/server/catalog seeded).
 * PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set (a uniquely named
 * database is created from that URL for the test file, migrated, and dropped afterwards).
 */

export type Backend = 'pglite' | 'postgres';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** Every backend this run can test: use with `describe.each(BACKENDS)`. */
export const BACKENDS: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A config for tests: in-memory PGlite, silent logs, no web build. Override any variable. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PGLITE_DIR: PGLITE_MEMORY,
    WEB_DIST_DIR: '/nonexistent/web-dist',
    ...env,
  });
}

/**
 * Per-IP limits out of the way, for tests that walk a whole funnel from one address (the limits
 * themselves are tested in security/rate-limits.test.ts).
 */
export const WHOLE_FUNNEL_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_RECOVERY_PER_MINUTE: '10000',
  RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE: '10000',
  RATE_LIMIT_TOKENIZE_PER_MINUTE: '10000',
  RATE_LIMIT_INVITE_REQUEST_PER_MINUTE: '10000',
};

/**
 * NODE_ENV=production for a test app: production refuses the sandbox payment gateway, so these
 * dummy Braintree settings choose the Braintree adapter (which calls nothing until a payment).
 */
export const PRODUCTION_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  BRAINTREE_MERCHANT_ID: 'test-merchant',
  BRAINTREE_PUBLIC_KEY: 'test-public-key',
  BRAINTREE_PRIVATE_KEY: 'test-private-key',
};

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL database's URL (a test may open its own connections); undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
};

/** A fresh, migrated database on `backend`; `drop()` closes it (and drops it on PostgreSQL). */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const config = { database: { kind: 'pglite', dataDir: PGLITE_MEMORY } } as const;
    // The run's migrated, seeded snapshot (global-setup.ts), when this file runs under it.
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      const pglite = new PGlite({ loadDataDir: new Blob([await readFile(snapshot)]) });
      const database = createDatabase(config, { pglite });
      return { database, drop: () => database.close() };
    }
    const database = createDatabase(config);
    await migrate(database);
    await seedCatalog(database.db, testConfig().catalog.dir);
    return { database, drop: () => database.close() };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `coparent_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  // The run's migrated, seeded template (global-setup.ts), when this file runs under it.
  const template = inject('postgresTemplate');
  await adminQuery(
    TEST_DATABASE_URL,
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  const url = withDatabaseName(TEST_DATABASE_URL, name);
  const database = createDatabase({ database: { kind: 'pg', url } });
  if (!template) {
    await migrate(database);
    await seedCatalog(database.db, testConfig().catalog.dir);
  }
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await adminQuery(TEST_DATABASE_URL, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Registers beforeAll/afterAll hooks that create one database for the enclosing `describe` and
 * drop it afterwards. Read `.database` inside tests (it is set once beforeAll has run).
 */
export function useTestDatabase(backend: Backend): { readonly database: Database } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await current?.drop();
  });
  return {
    get database() {
      if (!current) throw new Error('the test database is created in beforeAll');
      return current.database;
    },
  };
}

/** Builds the app on `database` (which the test owns) and waits until it is ready. */
export async function buildTestApp(
  database: Database,
  options: { env?: Record<string, string> } & Omit<AppDeps, 'database'> = {},
) {
  const { env, ...deps } = options;
  const app = await buildApp(testConfig(env), { ...deps, database });
  await app.ready();
  return app;
}

/** A writable stream that keeps every log line, parsed (for logger assertions). */
export function captureLogs(): {
  stream: Writable;
  lines: Record<string, unknown>[];
  text(): string;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    stream,
    get lines() {
      return chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => chunks.join(''),
  };
}

/** A unique email for a test, so tests sharing a database never collide. */
export function uniqueEmail(label = 'parent'): string {
  return `${label}.${randomBytes(6).toString('hex')}@example.com`;
}
