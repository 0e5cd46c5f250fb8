import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { adminQuery, withDatabaseName } from '../apps/server/src/test/postgres-admin.js';
import { type ServerProcess, startProcess, stopProcess } from './support/server-process.js';

/**
 * `npm run bench:soak -- --minutes 5 --rate 40` (a bounded soak): the BUILT server in its own
 * process on a fresh PostgreSQL database, under a steady mix of the funnel's calls for a bounded
 * time. Without --rate, a 10 s unthrottled run measures the mix's throughput first and the soak
 * runs at half of it. The server's RSS is sampled every 10 s. Prints errors, non-2xx, p50/p99 and
 * the memory trend: "flat" when the mean RSS of the last third of the samples is less than 10 %
 * above the first third's. Exits 1 when there were errors or non-2xx answers, or memory grew.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), SOAK_PORT (3207).
 */

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string' },
    connections: { type: 'string', default: '10' },
  },
});
const MINUTES = Number(args.minutes);
const CONNECTIONS = Number(args.connections);
const PORT = Number(process.env.SOAK_PORT ?? 3207);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_MAIN = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
const SAMPLE_EVERY_MS = 10_000;
const FLAT_GROWTH = 0.1;
const FIXTURE_SIGNUPS = 50;
const UNLIMITED = '1000000';

/** The built server on `databaseUrl`, rate limits out of the way (as bench/api.ts). */
function startServer(databaseUrl: string): Promise<ServerProcess> {
  return startProcess(
    [SERVER_MAIN],
    {
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development', // the local sandbox gateway, as bench/api.ts
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      SIGNUP_PURGE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_PRICING_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_PAYMENT_PER_MINUTE: UNLIMITED,
    },
    PORT,
  );
}

/** The server process's resident memory in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

type Signup = { signupId: string; registrationKey: string };
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const parentBody = () =>
  JSON.stringify({
    sections: ['PARENT'],
    parent: {
      firstName: 'Ana',
      lastName: 'López',
      email: `soak.${unique()}@example.com`,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125551234',
    },
    knowsCoParentEmail: true,
  });
const familyBody = (s: Signup) =>
  JSON.stringify({
    sections: ['FAMILY'],
    coParent: { firstName: 'Bruno', lastName: 'López', email: `co.${s.signupId}@example.com` },
    children: [{ firstName: 'Carla', lastName: 'López' }],
  });

async function call(method: string, path: string, body?: string, key?: string) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'x-registration-key': key } : {}) },
    body,
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Signups through step 3, for the calls that need one. */
async function fixtures(): Promise<Signup[]> {
  const signups: Signup[] = [];
  for (let i = 0; i < FIXTURE_SIGNUPS; i++) {
    const s = (await call('POST', '/v2/signups', parentBody())) as Signup;
    await call('PATCH', `/v2/signups/${s.signupId}`, familyBody(s), s.registrationKey);
    await call(
      'PATCH',
      `/v2/signups/${s.signupId}`,
      JSON.stringify({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
      s.registrationKey,
    );
    signups.push(s);
  }
  return signups;
}

type Next = { method: string; path: string; body?: string; headers?: Record<string, string> };

/** The funnel's calls in turn: a new signup, a family save, the signup read, pricing, lookups. */
function funnelMix(signups: Signup[]): () => Next {
  let turn = 0;
  return () => {
    const s = signups[turn % signups.length] as Signup;
    const headers = { 'x-registration-key': s.registrationKey };
    const pick = turn++ % 5;
    if (pick === 0) return { method: 'POST', path: '/v2/signups', body: parentBody() };
    if (pick === 1)
      return { method: 'PATCH', path: `/v2/signups/${s.signupId}`, body: familyBody(s), headers };
    if (pick === 2) return { method: 'GET', path: `/v2/signups/${s.signupId}`, headers };
    if (pick === 3)
      return {
        method: 'POST',
        path: `/v2/signups/${s.signupId}/pricing`,
        body: JSON.stringify({
          address: {
            country: 'US',
            region: 'TX',
            city: 'Austin',
            line1: '1 Main St',
            postalCode: '73301',
          },
          orderDetail: { packageId: 3003 },
        }),
        headers,
      };
    return { method: 'GET', path: '/v2/lookups' };
  };
}

async function load(next: () => Next, seconds: number, rate?: number) {
  return autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        setupRequest: (req: autocannon.Request): autocannon.Request => {
          const r = next();
          return {
            ...req,
            method: r.method as autocannon.Request['method'],
            path: r.path,
            headers: { 'content-type': 'application/json', ...r.headers },
            body: r.body,
          };
        },
      },
    ],
  });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);

async function main() {
  if (!existsSync(SERVER_MAIN)) throw new Error('apps/server/dist/main.js is missing: build first');
  const name = `coparent_soak_${Date.now()}`;
  const databaseUrl = withDatabaseName(ADMIN_URL, name);
  await adminQuery(ADMIN_URL, `create database "${name}"`);
  let server: ServerProcess | undefined;
  try {
    server = await startServer(databaseUrl);
    const pid = server.child.pid as number;
    const next = funnelMix(await fixtures());
    let rate = args.rate ? Number(args.rate) : undefined;
    if (!rate) {
      const quick = await load(next, 10);
      rate = Math.max(1, Math.floor(quick.requests.average / 2));
      console.log(`quick maximum: ${quick.requests.average.toFixed(0)} req/s; soaking at ${rate}`);
    }
    console.log(
      `soak: ${MINUTES} min at ${rate} req/s, ${CONNECTIONS} connections, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const samples: number[] = [rssMb(pid)];
    const sampler = setInterval(() => samples.push(rssMb(pid)), SAMPLE_EVERY_MS);
    const result = await load(next, MINUTES * 60, rate);
    clearInterval(sampler);
    samples.push(rssMb(pid));

    const third = Math.max(1, Math.floor(samples.length / 3));
    const first = mean(samples.slice(0, third));
    const last = mean(samples.slice(-third));
    const growth = last / first - 1;
    const errors = result.errors + result.timeouts;
    console.log(`requests: ${result.requests.total} (${result.requests.average.toFixed(1)} req/s)`);
    console.log(`errors: ${errors}, non-2xx: ${result.non2xx}`);
    console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`RSS samples (MB, every 10 s): ${samples.map((s) => s.toFixed(0)).join(' ')}`);
    console.log(
      `memory: first third ${first.toFixed(1)} MB, last third ${last.toFixed(1)} MB, ` +
        `growth ${(growth * 100).toFixed(1)} % → ${growth < FLAT_GROWTH ? 'flat' : 'GROWING'}`,
    );
    console.log(`load average at end: ${loadavg()[0]?.toFixed(1)}`);
    if (errors > 0 || result.non2xx > 0 || growth >= FLAT_GROWTH) process.exitCode = 1;
  } finally {
    await stopProcess(server);
    await adminQuery(ADMIN_URL, `drop database if exists "${name}" with (force)`);
  }
}

await main();
