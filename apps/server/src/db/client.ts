import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseConfig, PGLITE_MEMORY } from '../config/database.js';
import { type Schema, schema } from './schema.js';

/** The Drizzle database both drivers give us (their common base class). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened with `db.transaction`; repositories accept either. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
export type Executor = Db | Tx;

export type Database = {
  kind: DatabaseConfig['kind'];
  db: Db;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Applies the committed migrations (see `migrate`). */
  runMigrations(): Promise<void>;
  /**
   * Runs a scheduled job's pass unless another instance sharing the database is running the same
   * job: then answers undefined at once without running it (see `runAlone`).
   */
  runAlone<T>(job: string, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * The connection pool's figures, for /metrics (PostgreSQL only: PGlite is one in-process
   * connection whose queries queue inside PGlite, so it has no pool to report).
   */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

/** apps/server/drizzle, from src/db (vitest, tsx) and from dist/db (built) alike. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Connections per instance: PostgreSQL's default 100 leaves room for several instances. */
const POOL_MAX_CONNECTIONS = 10;

/** An arbitrary constant: serialises migrations between instances sharing one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;
/** The first key of the scheduled jobs' advisory locks (the second is the job name's hash). */
const JOB_LOCK_NAMESPACE = 727_002;

/**
 * A scheduled job's pass on one instance at a time: a session-level advisory lock, tried (never
 * waited for) on a connection of its own and held while `work` runs on the pool. Another instance
 * that tries meanwhile skips its pass: the one running will do what is due. If the holder's
 * connection drops, PostgreSQL releases the lock, so a crashed instance never blocks the job.
 */
async function runAloneOnPostgres<T>(
  pool: pg.Pool,
  job: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  // A connection whose unlock failed is closed rather than pooled: closing it releases the lock.
  let unlockFailure: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as locked',
      [JOB_LOCK_NAMESPACE, job],
    );
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client
        .query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_NAMESPACE, job])
        .catch((error: Error) => {
          unlockFailure = error;
        });
    }
  } finally {
    client.release(unlockFailure);
  }
}

/**
 * A checked-out client has no pool listener, so a connection lost while a request holds it
 * (a database restart or failover) would crash the process with an unheard 'error'. And Drizzle's
 * `transaction` sends BEGIN before its try/finally: a BEGIN that fails on such a client never
 * releases it, and the pool loses the slot for good. So a checked-out client whose connection
 * fails is released (and discarded) here; its holder's own query still fails (answered 503) and
 * its later release does nothing.
 */
function releaseOnConnectionError(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!checkedOut.has(client as pg.PoolClient)) return;
      const poolClient = client as pg.PoolClient;
      const release = poolClient.release;
      poolClient.release = () => {};
      release(error);
    });
  });
}

/**
 * `pglite`: an already created PGlite client to use for a PGlite config (tests start one from a
 * migrated snapshot instead of running initdb and the migrations for every test file).
 */
export function createDatabase(
  config: { database: DatabaseConfig },
  options: { pglite?: PGlite } = {},
): Database {
  const { database } = config;
  if (database.kind === 'pg') {
    const pool = new pg.Pool({ connectionString: database.url, max: POOL_MAX_CONNECTIONS });
    // An idle client whose connection the server ends (restart, failover, a dropped test
    // database) emits 'error'; unheard, that would crash the process. The pool replaces it.
    pool.on('error', () => {});
    releaseOnConnectionError(pool);
    const db = drizzlePg(pool, { schema });
    return {
      kind: 'pg',
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX_CONNECTIONS,
      }),
      runMigrations: async () => {
        // A session-level advisory lock on a dedicated connection so that instances starting
        // together apply each migration once.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      runAlone: (job, work) => runAloneOnPostgres(pool, job, work),
    };
  }

  const inMemory = database.dataDir === PGLITE_MEMORY;
  if (!inMemory) mkdirSync(database.dataDir, { recursive: true });
  const client = options.pglite ?? (inMemory ? new PGlite() : new PGlite(database.dataDir));
  const db = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    runMigrations: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process owns a PGlite data directory: there is no other instance to share a job with.
    runAlone: (_job, work) => work(),
  };
}

/** Applies the committed SQL migrations in apps/server/drizzle (idempotent). */
export function migrate(database: Database): Promise<void> {
  return database.runMigrations();
}
