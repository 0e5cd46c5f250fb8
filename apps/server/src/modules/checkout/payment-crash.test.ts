import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { createDatabase, type Database } from '../../db/client.js';
import {
  emailOutbox,
  orders,
  payments,
  receipts,
  sandboxTransactions,
  users,
} from '../../db/schema.js';
import { overHttp, stopServerProcess } from '../../test/server-process.js';
import {
  paymentRequest,
  postPayment,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  type Backend,
  createTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../../test/test-app.js';

const SERVER_DIR = resolve(fileURLToPath(import.meta.url), '../../../..');
const ENTRY = join(SERVER_DIR, 'src/test/crash-before-commit-server.ts');

/** Where the servers keep their data: a PGlite directory, or a PostgreSQL test database. */
async function durableStore(backend: Backend): Promise<{
  env: Record<string, string>;
  open(): Database;
  drop(): Promise<void>;
}> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'coparent-crash-'));
    return {
      env: { PGLITE_DIR: dataDir },
      open: () => createDatabase({ database: { kind: 'pglite', dataDir } }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const test = await createTestDatabase('postgres');
  const url = test.url ?? '';
  return {
    env: { DATABASE_URL: url },
    open: () => createDatabase({ database: { kind: 'pg', url } }),
    drop: () => test.drop(),
  };
}

type Server = { process: ChildProcess; http: App };

/** Starts the test entry point as its own process; answers once it listens. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRY], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...WHOLE_FUNNEL_RATE_LIMITS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent/web-dist',
      PUBLIC_URL: 'https://join.example.test',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited before listening (${code ?? signal})`)),
    );
  });
  return { process: child, http: overHttp(`http://127.0.0.1:${port}`) };
}

function stop(server: Server): Promise<void> {
  return stopServerProcess(server.process);
}

/**
 * The crash that matters most: the gateway has charged, and the process dies before our commit.
 * The attempt row was committed PENDING before the sale, so the restarted server's reconciliation
 * finds the charge by its order id and completes the payment: one charge, one order, one account.
 */
describe.each(BACKENDS)('a server killed between the charge and the commit (%s)', (backend) => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(stop));
  });

  it('restarts and reconciles: exactly one charge and one order', async () => {
    const store = await durableStore(backend);
    try {
      // A short lock, so the restarted server may settle the attempt the dead one left.
      const first = await startServer({
        ...store.env,
        CRASH_BEFORE_COMMIT: '1',
        PAYMENT_LOCK_SECONDS: '1',
      });
      servers.push(first);
      const signup: TestSignup = await signupReadyToPay(first.http);
      const body = await paymentRequest(first.http, signup);
      const key = randomUUID();
      const died = once(first.process, 'exit');
      await expect(
        postPayment(first.http, signup, body, { idempotencyKey: key }),
      ).rejects.toThrow();
      const [, signal] = await died;
      expect(signal).toBe('SIGKILL');

      const second = await startServer({ ...store.env, PAYMENT_LOCK_SECONDS: '1' });
      servers.push(second);
      // The browser retries with its key: answered once the attempt is settled (409 meanwhile).
      let retry = await postPayment(second.http, signup, body, { idempotencyKey: key });
      for (let tries = 0; retry.statusCode === 409 && tries < 50; tries += 1) {
        await sleep(200);
        retry = await postPayment(second.http, signup, body, { idempotencyKey: key });
      }
      expect(retry.statusCode, retry.body).toBe(200);
      await stop(second);

      const database = store.open();
      try {
        const db = database.db;
        const attempts = await db
          .select()
          .from(payments)
          .where(eq(payments.signupId, signup.signupId));
        expect(attempts.map((attempt) => attempt.status)).toEqual(['COMPLETED']);
        const charges = await db
          .select()
          .from(sandboxTransactions)
          .where(
            inArray(
              sandboxTransactions.orderId,
              attempts.map((attempt) => attempt.id),
            ),
          );
        expect(charges.map((charge) => charge.status)).toEqual(['submitted_for_settlement']);
        expect(retry.json().receipt.transactionId).toBe(charges[0]?.id);
        expect(
          await db.select().from(orders).where(eq(orders.signupId, signup.signupId)),
        ).toHaveLength(1);
        expect(
          await db
            .select()
            .from(receipts)
            .where(eq(receipts.paymentId, attempts[0]?.id ?? '')),
        ).toHaveLength(1);
        expect(await db.select().from(users).where(eq(users.email, signup.email))).toHaveLength(1);
        expect(
          await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, signup.email)),
        ).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await Promise.all(servers.splice(0).map(stop));
      await store.drop();
    }
    // Two server start-ups (each migrates and seeds): slower than one in-process test.
  }, 120_000);
});
