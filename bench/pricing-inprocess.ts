import { performance } from 'node:perf_hooks';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, PGLITE_MEMORY } from '../apps/server/src/config.js';
import { createDatabase, migrate } from '../apps/server/src/db/client.js';
import { seedCatalog } from '../apps/server/src/modules/pricing/seed.js';

/**
 * In-process micro-bench of the read calls (pricing and lookups): `app.inject` in a
 * loop on the embedded PGlite, no network, no load generator — what one request costs the event
 * loop. Prints mean / p50 / p99 per call in milliseconds; asserts nothing.
 *
 *   npx tsx --conditions source bench/pricing-inprocess.ts
 *   BENCH_ITERATIONS=2000 BENCH_ONLY=pricing node --cpu-prof --import tsx \
 *     --conditions source bench/pricing-inprocess.ts        # a profile of one call
 *
 * Env knobs: BENCH_ITERATIONS (500 per call, after BENCH_WARMUP 50), BENCH_ONLY (one call name).
 */

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const ONLY = process.env.BENCH_ONLY;

const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

let counter = 0;
const parentBody = () => ({
  sections: ['PARENT'],
  parent: {
    firstName: 'Ana',
    lastName: 'López',
    email: `bench.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`,
    phoneCountryCode: 'US_CANADA',
    phoneNumber: '2125551234',
  },
  knowsCoParentEmail: true,
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: PGLITE_MEMORY,
    WEB_DIST_DIR: '/nonexistent/web-dist',
    RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '1000000',
    RATE_LIMIT_PRICING_PER_MINUTE: '1000000',
  });
  const database = createDatabase(config);
  await migrate(database);
  await seedCatalog(database.db, config.catalog.dir);
  const app = await buildApp(config, { database, closeDatabase: true });
  await app.ready();

  const send = async (options: InjectOptions, expected: number) => {
    const res = await app.inject(options);
    if (res.statusCode !== expected) {
      throw new Error(`${JSON.stringify(options)} answered ${res.statusCode}: ${res.body}`);
    }
    return res;
  };

  // A signup at the package step (Texas phone, PREM1), as the pricing call finds it in the funnel.
  const created = (
    await send({ method: 'POST', url: '/v2/signups', payload: parentBody() }, 201)
  ).json() as { signupId: string; registrationKey: string };
  const headers = { 'x-registration-key': created.registrationKey };
  await send(
    {
      method: 'PATCH',
      url: `/v2/signups/${created.signupId}`,
      headers,
      payload: {
        sections: ['FAMILY'],
        coParent: { firstName: 'Bruno', lastName: 'López', email: 'co.bench@example.com' },
        children: [{ firstName: 'Carla', lastName: 'López' }],
      },
    },
    200,
  );
  await send(
    {
      method: 'PATCH',
      url: `/v2/signups/${created.signupId}`,
      headers,
      payload: { sections: ['PACKAGE'], order: { packageId: 3003 } },
    },
    200,
  );

  const calls: { name: string; run: () => Promise<unknown> }[] = [
    { name: 'lookups', run: () => send({ method: 'GET', url: '/v2/lookups' }, 200) },
    {
      name: 'pro lookups',
      run: () => send({ method: 'GET', url: '/v2/professional/lookups' }, 200),
    },
    {
      name: 'pricing',
      run: () =>
        send(
          {
            method: 'POST',
            url: `/v2/signups/${created.signupId}/pricing`,
            headers,
            payload: { address: TEXAS, orderDetail: { packageId: 3003 } },
          },
          200,
        ),
    },
    {
      name: 'packages',
      run: () =>
        send(
          { method: 'GET', url: '/v2/packages?ids=3001,3002,3003,3004,3005,3006&country=US' },
          200,
        ),
    },
    {
      name: 'signup create',
      run: () => send({ method: 'POST', url: '/v2/signups', payload: parentBody() }, 201),
    },
  ];

  console.log(
    `in-process bench: ${ITERATIONS} calls each after ${WARMUP} warm-up, PGlite in memory, node ${process.version}`,
  );
  console.log('call           mean ms  p50 ms  p99 ms');
  console.log('-------------  -------  ------  ------');
  for (const { name, run } of calls) {
    if (ONLY && ONLY !== name) continue;
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    console.log(
      `${name.padEnd(13)}  ${mean.toFixed(2).padStart(7)}  ${percentile(times, 50)
        .toFixed(2)
        .padStart(6)}  ${percentile(times, 99).toFixed(2).padStart(6)}`,
    );
  }
  await app.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
