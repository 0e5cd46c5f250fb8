import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { createDatabase, type Database, migrate } from '../db/client.js';
import { emailOutbox, payments, sandboxTransactions, signups } from '../db/schema.js';
import { seedCatalog } from '../modules/pricing/seed.js';
import { adminQuery, withDatabaseName } from '../test/postgres-admin.js';
import { parseScrape } from '../test/prometheus-scrape.js';
import { overHttp, stopServerProcess } from '../test/server-process.js';
import {
  billingBody,
  createSignup,
  getSignup,
  paymentRequest,
  postPayment,
  saveBilling,
  saveFamily,
  savePackage,
  signupReadyToPay,
  TEST_PASSWORD,
  type TestSignup,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import { buildTestApp, testConfig, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';

/**
 * The product scaled out as in production: two server processes (src/main.ts, as `npm start`
 * runs it, through tsx) on one PostgreSQL database and one Redis, and nothing else shared. What a
 * visitor does on one instance carries on on the other, limits and login lockouts count once, a payment sent to both
 * charges once, and the scheduled jobs do their work once. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (.ci/run sets both); skipped, saying why, when either is missing or unreachable.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;

/** Why this suite cannot run here, or undefined when PostgreSQL and Redis both answer. */
async function whyUnavailable(): Promise<string | undefined> {
  if (!TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!TEST_REDIS_URL) return 'TEST_REDIS_URL is not set';
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
  } catch (error) {
    return `PostgreSQL at TEST_DATABASE_URL does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at TEST_REDIS_URL does not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const unavailable = await whyUnavailable();
if (unavailable) console.warn(`two server instances: skipped, ${unavailable}`);

/** The one rate limit this suite exhausts (password recovery requests per IP per minute). */
const RECOVERY_LIMIT = 4;
/** Failed logins of one username before it is locked (LOGIN_LOCKOUT_MAX_FAILURES). */
const LOGIN_MAX_FAILURES = 3;

type Instance = {
  name: string;
  process: ChildProcess;
  /** The signup fixtures speak `app.inject`; this answers it over HTTP to the process. */
  http: App;
  /** Its JSON log lines so far. */
  logs: Record<string, unknown>[];
};

function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      // A free port from the system: never one another test or engineer is using.
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent/web-dist',
      PUBLIC_URL: 'https://join.example.test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        logs.push(entry);
        const listening = /listening at http:\/\/127\.0\.0\.1:(\d+)/i.exec(String(entry.msg));
        if (listening) {
          const origin = `http://127.0.0.1:${listening[1]}`;
          resolve({ name, process: child, http: overHttp(origin), logs });
        }
      }
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`instance ${name} exited (${code ?? signal}) before listening: ${stderr}`)),
    );
  });
}

function stopInstance(instance: Instance): Promise<void> {
  return stopServerProcess(instance.process);
}

/** Polls `check` until it holds (each instance runs its jobs every second here). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`never happened: ${what}`);
}

/** The sum of `field` over the log lines of both instances whose message is `msg`. */
function loggedTotal(instances: Instance[], msg: string, field: (line: never) => unknown) {
  const lines = instances.flatMap((instance) => instance.logs.filter((line) => line.msg === msg));
  return {
    lines: lines.length,
    total: lines.reduce((sum, line) => sum + Number(field(line as never) ?? 0), 0),
  };
}

describe.skipIf(unavailable !== undefined)(
  'two server instances on one PostgreSQL and one Redis',
  () => {
    const adminUrl = TEST_DATABASE_URL ?? '';
    const databaseName = `coparent_scale_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const redisPrefix = `coparent-scale:${randomBytes(6).toString('hex')}:`;
    let database: Database;
    let instances: Instance[] = [];
    let a: App;
    let b: App;
    /** Left by a crash between the gateway's charge and our commit, before the instances start. */
    let stuckPayment: TestSignup;
    const expiredSignups: string[] = [];

    // Two processes compiling the server at once on a busy two-core machine may take longer than
    // the usual hook time.
    beforeAll(async () => {
      await adminQuery(adminUrl, `create database "${databaseName}"`);
      const url = withDatabaseName(adminUrl, databaseName);
      database = createDatabase({ database: { kind: 'pg', url } });
      await migrate(database);
      await seedCatalog(database.db, testConfig().catalog.dir);

      // Before the instances start: what their scheduled jobs will find to do.
      const crashing = await buildTestApp(database, {
        env: WHOLE_FUNNEL_RATE_LIMITS,
        checkoutHooks: {
          beforeCommit: () => {
            throw new Error('the process died before the commit');
          },
        },
      });
      try {
        stuckPayment = await signupReadyToPay(crashing);
        const paid = await postPayment(
          crashing,
          stuckPayment,
          await paymentRequest(crashing, stuckPayment),
        );
        expect(paid.statusCode, paid.body).toBeGreaterThanOrEqual(500);
        for (let i = 0; i < 3; i += 1) expiredSignups.push((await createSignup(crashing)).signupId);
        await database.db
          .update(signups)
          .set({ expiresAt: new Date('2020-01-01T00:00:00Z') })
          .where(inArray(signups.id, expiredSignups));
      } finally {
        await crashing.close();
      }

      const env = {
        ...WHOLE_FUNNEL_RATE_LIMITS,
        DATABASE_URL: url,
        REDIS_URL: TEST_REDIS_URL ?? '',
        RATE_LIMIT_REDIS_PREFIX: redisPrefix,
        RATE_LIMIT_RECOVERY_PER_MINUTE: String(RECOVERY_LIMIT),
        LOGIN_LOCKOUT_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
        // Both instances run their jobs every second: each pass must still happen on one.
        SIGNUP_PURGE_INTERVAL_SECONDS: '1',
        PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
      };
      instances = await Promise.all([startInstance('a', env), startInstance('b', env)]);
      [a, b] = instances.map((instance) => instance.http) as [App, App];
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map(stopInstance));
      await database?.close();
      if (adminUrl) {
        await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
      }
      if (TEST_REDIS_URL) {
        const redis = new Redis(TEST_REDIS_URL);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    });

    it('carries a signup started on one instance on to the other', async () => {
      const signup = await createSignup(a);
      expect((await saveFamily(b, signup)).statusCode).toBe(200);
      const onA = await getSignup(a, signup);
      expect(onA.statusCode, onA.body).toBe(200);
      expect(onA.json()).toMatchObject({
        signupId: signup.signupId,
        lastCompletedStep: 2,
        children: [{ firstName: 'Carla', lastName: 'López' }],
      });
      expect((await savePackage(a, signup, { order: { packageId: 3003 } })).statusCode).toBe(200);
      expect((await saveBilling(b, signup, billingBody())).statusCode).toBe(200);
      expect((await getSignup(a, signup)).json()).toMatchObject({
        lastCompletedStep: 3,
        order: { packageId: 3003 },
        billing: { address: { city: 'Austin', region: 'TX' } },
      });
    });

    it('charges once for the same payment sent to both at once, and the session works on both', async () => {
      const signup = await signupReadyToPay(a);
      const body = await paymentRequest(b, signup);
      const key = randomUUID();
      const answers = await Promise.all([
        postPayment(a, signup, body, { idempotencyKey: key }),
        postPayment(b, signup, body, { idempotencyKey: key }),
      ]);
      // One charges; the other answers the same result or that the payment is under way.
      expect(answers.map((res) => res.statusCode)).toContain(200);
      for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
      const attempts = await database.db
        .select()
        .from(payments)
        .where(eq(payments.signupId, signup.signupId));
      expect(attempts).toHaveLength(1);
      const charges = await database.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.orderId, attempts[0]?.id ?? ''));
      expect(charges).toHaveLength(1);

      // The browser asks again (as after a 409): the stored result with the newest credentials token.
      const replay = await postPayment(b, signup, body, { idempotencyKey: key });
      expect(replay.statusCode, replay.body).toBe(200);
      const { clickToJoinToken } = replay.json() as { clickToJoinToken: string };

      const username = uniqueUsername('scaled');
      const credentials = await a.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: { authorization: `Bearer ${clickToJoinToken}` },
        payload: { username, password: TEST_PASSWORD },
      });
      expect(credentials.statusCode, credentials.body).toBe(200);
      const login = await b.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      expect(cookie).not.toBe('');

      for (const instance of [a, b]) {
        const home = await instance.inject({
          method: 'GET',
          url: '/v2/account/home',
          headers: { cookie },
        });
        expect(home.statusCode, home.body).toBe(200);
        expect(home.json()).toMatchObject({ user: { username, email: signup.email } });
      }
      const anonymous = await b.inject({ method: 'GET', url: '/v2/account/home' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('counts a rate limit once across both instances', async () => {
      const recover = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/v2/account/recovery',
          payload: { email: 'nobody.scaled@example.com' },
        });
      for (let i = 0; i < RECOVERY_LIMIT; i += 1) {
        const res = await recover(i % 2 === 0 ? a : b);
        expect(res.statusCode, res.body).not.toBe(429);
      }
      // Each instance has served only half of them, and both refuse the next.
      for (const app of [a, b]) {
        const refused = await recover(app);
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
    });

    it('locks a username after failed logins spread over both instances', async () => {
      const login = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/v2/login',
          payload: {
            username: 'spread_guesser',
            password: 'Wrong-Tree-0000',
            submit: 'Sign In',
            eventId: 'submit',
          },
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
        const res = await login(i % 2 === 0 ? a : b);
        expect(res.statusCode, res.body).toBe(401);
      }
      for (const app of [a, b]) {
        const locked = await login(app);
        expect(locked.statusCode, locked.body).toBe(429);
        expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
    });

    it('runs the scheduled purge and reconciliation once across both instances', async () => {
      await eventually(async () => {
        const [payment] = await database.db
          .select()
          .from(payments)
          .where(eq(payments.signupId, stuckPayment.signupId));
        return payment?.status === 'COMPLETED';
      }, 'the payment a crash left pending is reconciled');
      await eventually(async () => {
        const left = await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(signups)
          .where(inArray(signups.id, expiredSignups));
        return left[0]?.count === 0;
      }, 'the expired signups are purged');

      // The charge completed once: one receipt, one completion counted by one instance.
      const receipts = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, stuckPayment.email));
      expect(receipts.filter((email) => email.template === 'payment-receipt')).toHaveLength(1);
      const reconciled = loggedTotal(
        instances,
        'reconciled pending payments',
        (line: { completed?: number }) => line.completed,
      );
      expect(reconciled.total).toBe(1);
      // And so says each instance's /metrics: the completion is counted by one of them only.
      const scrapes = await Promise.all(
        [a, b].map(async (app) => {
          const res = await app.inject({ method: 'GET', url: '/metrics' });
          expect(res.statusCode).toBe(200);
          return parseScrape(res.body);
        }),
      );
      const completions = scrapes.map((scrape) =>
        scrape.value('coparent_payment_reconciliations_total', { outcome: 'completed' }),
      );
      expect(completions.sort()).toEqual([0, 1]);

      // Each expired signup was deleted by one purge pass of one instance. The pass logs after
      // its transaction commits: the rows can be gone a moment before the line is written.
      await eventually(
        async () => loggedTotal(instances, 'purged expired rows', () => 0).lines > 0,
        'the purge pass is logged',
      );
      const purged = loggedTotal(
        instances,
        'purged expired rows',
        (line: { purged?: { signups?: number } }) => line.purged?.signups,
      );
      expect(purged.total).toBe(expiredSignups.length);
      expect(purged.lines).toBe(1);
    });
  },
);
