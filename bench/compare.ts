import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { adminQuery, withDatabaseName } from '../apps/server/src/test/postgres-admin.js';
import { CALL_NAMES, type CallName, prepareCalls, SERVER_ENV } from './support/api-calls.js';
import { type Figures, load, type Meter, type Request } from './support/load.js';
import { type ServerProcess, startProcess, stopProcess } from './support/server-process.js';

/**
 * `npx tsx bench/compare.ts`: two builds of the server measured in turn, so a change of a few
 * percent shows through the noise of a shared machine (sequential runs of bench/api.ts moved
 * ±30 % in CPU per request at a load average of 8–12). Both servers run on one fresh PostgreSQL
 * database, each with its own fixtures; for each call, rounds alternate which build goes first,
 * and the figure is the median over rounds of the per-round ratio after / before of the server's
 * CPU per request (`srv µs`, as in api.ts). Prints figures; asserts nothing.
 *
 * Env knobs:
 *   COMPARE_BEFORE   main.js of the earlier build (required: e.g. a copy of apps/server/dist)
 *   COMPARE_AFTER    main.js of the later build (apps/server/dist/main.js)
 *   BENCH_CALLS      a comma-separated subset of create,family,pricing,username,lookups,flags
 *   COMPARE_ROUNDS   rounds per call (6)       BENCH_DURATION  seconds per load (3, +1 s warm-up)
 *   BENCH_DATABASE_URL, BENCH_CONNECTIONS, BENCH_PORT (3190; uses 3190–3191) as in api.ts
 */

const env = process.env;
const BEFORE = env.COMPARE_BEFORE;
const AFTER =
  env.COMPARE_AFTER ?? fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const CALLS = env.BENCH_CALLS
  ? CALL_NAMES.filter((name) => env.BENCH_CALLS?.split(',').includes(name))
  : CALL_NAMES;
const ROUNDS = Number(env.COMPARE_ROUNDS ?? 6);
const SHAPE = {
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
  duration: Number(env.BENCH_DURATION ?? 3),
  warmup: 1,
};
const PORT = Number(env.BENCH_PORT ?? 3190);
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Build = {
  label: 'before' | 'after';
  server: ServerProcess;
  meter: Meter;
  calls: Record<CallName, () => Request>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<void> {
  if (!BEFORE || !existsSync(BEFORE) || !existsSync(AFTER)) {
    throw new Error('set COMPARE_BEFORE (and COMPARE_AFTER) to built main.js files');
  }
  const name = `coparent_compare_${Date.now()}`;
  const url = withDatabaseName(ADMIN_URL, name);
  console.log(
    `compare: ${SHAPE.connections} connections, ${SHAPE.duration} s per load (+1 s warm-up), ` +
      `${ROUNDS} rounds, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  await adminQuery(ADMIN_URL, `create database "${name}"`);
  const servers: ServerProcess[] = [];
  const builds: Build[] = [];
  try {
    // One at a time: the first migrates the database.
    for (const [label, main, port] of [
      ['before', BEFORE, PORT],
      ['after', AFTER, PORT + 1],
    ] as const) {
      const server = await startProcess([main], { ...SERVER_ENV, DATABASE_URL: url }, port);
      servers.push(server);
      builds.push({
        label,
        server,
        meter: { pid: server.child.pid, database: name },
        calls: await prepareCalls(server.url),
      });
    }
    console.log('call       before srv µs  after srv µs  after/before  per round');
    for (const call of CALLS) {
      const figures: Record<Build['label'], Figures[]> = { before: [], after: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          figures[build.label].push(
            await load(build.server.url, SHAPE, build.calls[call], build.meter),
          );
        }
      }
      const cpu = (label: Build['label']) => figures[label].map((f) => f.serverCpuUs);
      const ratios = cpu('after').map((after, i) => after / (cpu('before')[i] as number));
      const failed = [...figures.before, ...figures.after].some((f) => f.errors || f.non2xx);
      console.log(
        `${call.padEnd(10)} ${median(cpu('before')).toFixed(0).padStart(13)} ` +
          `${median(cpu('after')).toFixed(0).padStart(13)} ${median(ratios).toFixed(2).padStart(13)}` +
          `  ${ratios.map((r) => r.toFixed(2)).join(' ')}${failed ? '  (errors or non-2xx)' : ''}`,
      );
    }
  } finally {
    for (const server of servers) await stopProcess(server);
    await adminQuery(ADMIN_URL, `drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
