import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminQuery, withDatabaseName } from '../apps/server/src/test/postgres-admin.js';
import { seedScale } from './seed-scale.js';
import { CALL_NAMES, prepareCalls, SERVER_ENV } from './support/api-calls.js';
import { parentBody } from './support/api-fixtures.js';
import {
  type ApiFigures,
  apiRows,
  clean,
  fmt,
  printTable,
  type Row,
} from './support/api-report.js';
import { type Figures, type LoadShape, load, type Meter, NO_FIGURES } from './support/load.js';
import { startProcess, stopProcess } from './support/server-process.js';

/**
 * `npm run bench` (API throughput and the scale run): autocannon against the BUILT server
 * (apps/server/dist/main.js, its own process, so the load generator never shares its event loop)
 * on a fresh PostgreSQL database, then on the embedded PGlite, then on PostgreSQL again after
 * seeding a million signups; with baselines measured in the same run by bench/baseline-server.ts.
 * Prints figures; asserts nothing (the exit code is 0 unless the run itself breaks).
 *
 * Env knobs:
 *   BENCH_DURATION     seconds per measured call (6)      BENCH_WARMUP  seconds of warm-up (1)
 *   BENCH_CONNECTIONS  concurrent connections (50)       BENCH_SCALE   0 skips the scale run
 *   BENCH_SCALE_SIGNUPS (1000000)  BENCH_SCALE_USERS (100000)  BENCH_PORT (3190, uses 3190–3191)
 *   BENCH_DATABASE_URL an admin URL of PostgreSQL (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PGLITE       0 skips the PGlite run
 *   BENCH_CALLS        a comma-separated subset of create,family,pricing,username,lookups,flags
 *   BENCH_SERVER_MAIN  another build's main.js (a copy of dist/ made before a change), to compare
 *   BENCH_CPU_PROF     a directory: the server runs under `node --cpu-prof` and writes its
 *                      profile there when stopped (one per server process)
 */

const SERVER_MAIN =
  process.env.BENCH_SERVER_MAIN ??
  fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 6);
const WARMUP = Number(env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(env.BENCH_PORT ?? 3190);
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = env.BENCH_SCALE !== '0';
const SCALE_SIGNUPS = Number(env.BENCH_SCALE_SIGNUPS ?? 1_000_000);
const SCALE_USERS = Number(env.BENCH_SCALE_USERS ?? 100_000);
const WITH_PGLITE = env.BENCH_PGLITE !== '0';
const ONLY_CALLS = env.BENCH_CALLS ? new Set(env.BENCH_CALLS.split(',')) : null;
const SHAPE: LoadShape = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP };
const SERVER_ARGS = env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`, SERVER_MAIN]
  : [SERVER_MAIN];
async function apiSuite(base: string, label: string, meter: Meter): Promise<ApiFigures> {
  process.stdout.write(`  ${label}: fixtures…`);
  const calls = await prepareCalls(base);
  const results = {} as ApiFigures;
  for (const name of CALL_NAMES) {
    if (ONLY_CALLS && !ONLY_CALLS.has(name)) {
      results[name] = { ...NO_FIGURES };
      continue;
    }
    process.stdout.write(` ${name}…`);
    results[name] = await load(base, SHAPE, calls[name], meter);
  }
  process.stdout.write(' done\n');
  return results;
}

/** Rows the `pg insert` baseline made: the `pg select` baseline reads them by primary key. */
async function baselineIds(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from bench_baseline limit 200');
    if (rows.length === 0) throw new Error('the pg insert baseline made no rows');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

// ── database ──────────────────────────────────────────────────────────────────────────────────

/** The plans of the hot queries on the seeded database: index scans expected, never Seq Scan. */
async function explainHotQueries(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const queries: [string, string][] = [
    [
      'duplicate email (create)',
      `select id from users where email_normalized = 'scale.user77@example.com' limit 1`,
    ],
    [
      'signup by id (update, pricing)',
      `select * from signups where id = (select id from signups offset 500000 limit 1)`,
    ],
    [
      'username taken',
      `select user_id from user_credentials where username_key = 'scale_user_77' limit 1`,
    ],
    [
      'expired signups (purge)',
      `select id from signups where expires_at < now() - interval '7 days' and completed_at is null limit 1000`,
    ],
  ];
  const lines: string[] = [];
  try {
    for (const [label, sql] of queries) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      const plan = rows.map((r) => r['QUERY PLAN'].trim());
      const scan = plan.find((l) => /Scan/.test(l)) ?? plan[0] ?? '';
      lines.push(`  ${label.padEnd(32)} ${scan.replace(/\s+\(cost.*$/, '')}`);
    }
  } finally {
    await client.end();
  }
  return lines;
}

// ── main ──────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run bench` (it builds first)');
  }
  const name = `coparent_bench_${Date.now()}`;
  const url = withDatabaseName(ADMIN_URL, name);
  console.log(
    `bench: ${CONNECTIONS} connections, ${DURATION} s per call (+${WARMUP} s warm-up), ` +
      `database ${name}${SCALE ? `, scale ${SCALE_SIGNUPS} signups / ${SCALE_USERS} users` : ''}`,
  );
  // Figures are only comparable on a quiet machine: say how busy it was.
  const busy = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`  ${cpus().length} CPUs, load average at start: ${busy()}`);
  await adminQuery(ADMIN_URL, `create database "${name}"`);
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    // Baselines.
    process.stdout.write('  baseline: insert…');
    const baseline = await startProcess(['--import', 'tsx', BASELINE], { DATABASE_URL: url }, PORT);
    const baselineMeter = { pid: baseline.child.pid, database: name };
    let insert: Figures;
    let select: Figures;
    let json: Figures;
    try {
      insert = await load(
        baseline.url,
        SHAPE,
        () => ({
          method: 'POST',
          path: '/insert',
          body: parentBody(),
        }),
        baselineMeter,
      );
      process.stdout.write(' select…');
      const ids = await baselineIds(url);
      let next = 0;
      select = await load(
        baseline.url,
        SHAPE,
        () => ({
          method: 'GET',
          path: `/select/${ids[next++ % ids.length]}`,
        }),
        baselineMeter,
      );
      process.stdout.write(' json…');
      json = await load(
        baseline.url,
        SHAPE,
        () => ({ method: 'GET', path: '/json' }),
        baselineMeter,
      );
    } finally {
      await stopProcess(baseline);
    }
    process.stdout.write(' done\n');
    const none = { baseName: '', ratio: null, target: '', met: null };
    rows.push({ run: 'baseline', call: 'pg insert', figures: insert, ...none });
    rows.push({ run: 'baseline', call: 'pg select', figures: select, ...none });
    rows.push({ run: 'baseline', call: 'plain JSON', figures: json, ...none });

    // The API on PostgreSQL (migrated by the server at start-up).
    const pgServer = await startProcess(
      SERVER_ARGS,
      { ...SERVER_ENV, DATABASE_URL: url },
      PORT + 1,
    );
    let empty: ApiFigures;
    try {
      empty = await apiSuite(pgServer.url, 'PostgreSQL', {
        pid: pgServer.child.pid,
        database: name,
      });
    } finally {
      await stopProcess(pgServer);
    }
    rows.push(...apiRows('postgres', empty, { insert, select, json }, 'pg', ONLY_CALLS));

    if (WITH_PGLITE) {
      const lite = await startProcess(
        SERVER_ARGS,
        { ...SERVER_ENV, PGLITE_DIR: 'memory://' },
        PORT + 1,
      );
      try {
        rows.push(
          ...apiRows(
            'pglite',
            await apiSuite(lite.url, 'PGlite (memory)', { pid: lite.child.pid, database: name }),
            { insert, select, json },
            'pglite',
            ONLY_CALLS,
          ),
        );
      } finally {
        await stopProcess(lite);
      }
    }

    if (SCALE) {
      process.stdout.write(`  seeding ${SCALE_SIGNUPS} signups and ${SCALE_USERS} users…`);
      const seeded = await seedScale(url, { signups: SCALE_SIGNUPS, users: SCALE_USERS });
      process.stdout.write(` ${fmt(seeded.seconds, 1)} s\n`);
      notes.push(
        'plans of the hot queries on the seeded database:',
        ...(await explainHotQueries(url)),
      );
      const scaled = await startProcess(
        SERVER_ARGS,
        { ...SERVER_ENV, DATABASE_URL: url },
        PORT + 1,
      );
      let big: ApiFigures;
      try {
        big = await apiSuite(scaled.url, 'PostgreSQL, seeded', {
          pid: scaled.child.pid,
          database: name,
        });
      } finally {
        await stopProcess(scaled);
      }
      for (const [key, call] of [
        ['create', 'create signup'],
        ['family', 'family update'],
        ['pricing', 'pricing'],
        ['username', 'username check'],
        ['lookups', 'lookups'],
        ['flags', 'flag evaluation'],
      ] as const) {
        if (ONLY_CALLS && !ONLY_CALLS.has(key)) continue;
        const f = big[key];
        const r = empty[key].rps > 0 ? f.rps / empty[key].rps : null;
        rows.push({
          run: 'pg seeded',
          call,
          figures: f,
          baseName: 'empty',
          ratio: r,
          target: '≥0.80, 0 err',
          met: (r ?? 0) >= 0.8 && clean(f),
        });
      }
    }
  } finally {
    await adminQuery(ADMIN_URL, `drop database if exists "${name}" with (force)`);
  }

  console.log(`  load average at end: ${busy()}`);
  console.log('');
  printTable(rows);
  console.log('');
  for (const note of notes) console.log(note);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
