import { DrizzleQueryError } from 'drizzle-orm/errors';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { findChildren, findSignupById } from '../modules/signup/repo.js';
import { type AppBehindProxy, startAppBehindProxy } from '../test/app-behind-proxy.js';
import { createSignup, saveFamily, type TestSignup } from '../test/signup-fixtures.js';
import type { TcpProxy } from '../test/tcp-proxy.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableCause } from './database-unavailable.js';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** An error shaped like the driver's, with a `code` (a socket errno or a SQLSTATE). */
function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('databaseUnavailableCause', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['the server shutting down (57P01)', withCode('terminating connection', '57P01')],
    ['the server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('too many clients', '53300')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['an exhausted pool', new Error('timeout exceeded when trying to connect')],
    ['a closed PGlite', new Error('PGlite is closed')],
  ])('finds %s, also inside Drizzle’s query error', (_label, cause) => {
    expect(databaseUnavailableCause(cause)).toBe(cause);
    const wrapped = new DrizzleQueryError('select 1', ['a@example.com'], cause);
    expect(databaseUnavailableCause(wrapped)).toBe(cause);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
    ['a syntax error (42601)', withCode('syntax error at or near', '42601')],
    ['a plain error', new Error('boom')],
    ['a non-error', 'ECONNREFUSED'],
  ])('ignores %s: a bug, not an outage', (_label, error) => {
    expect(databaseUnavailableCause(error)).toBeUndefined();
    expect(databaseUnavailableCause(new DrizzleQueryError('select 1', [], error as Error))).toBe(
      undefined,
    );
  });
});

function expectDatabaseUnavailable(res: Awaited<ReturnType<App['inject']>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(res.json()).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
}

describe('the database becomes unreachable mid-funnel (PGlite: the handle is closed)', () => {
  let own: TestDatabase;
  let app: App;

  beforeAll(async () => {
    own = await createTestDatabase('pglite');
    app = await buildTestApp(own.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After to every call that needs it', async () => {
    const signup = await createSignup(app);
    await own.database.close();
    expectDatabaseUnavailable(await saveFamily(app, signup));
    expectDatabaseUnavailable(
      await app.inject({
        method: 'GET',
        url: `/v2/signups/${signup.signupId}`,
        headers: { 'x-registration-key': signup.registrationKey },
      }),
    );
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  'the database becomes unreachable mid-funnel (PostgreSQL behind a proxy the test cuts)',
  () => {
    let behind: AppBehindProxy;
    let test: TestDatabase;
    let proxy: TcpProxy;
    let proxied: Database;
    let app: App;

    beforeAll(async () => {
      behind = await startAppBehindProxy();
      ({ test, proxy, proxied, app } = behind);
    });
    afterAll(async () => {
      await behind?.close();
    });

    it('answers 503 with nothing half-written, and the same signup continues once it is back', async () => {
      const signup: TestSignup = await createSignup(app);

      await proxy.cut();
      expectDatabaseUnavailable(await saveFamily(app, signup));
      // The client whose connection dropped under the transaction went back to the pool
      // (discarded), so the pool cannot run dry after a few such failures. (The node-postgres
      // instance's pool: the shared Db type does not name it.)
      const pool = (proxied.db as unknown as { $client: pg.Pool }).$client;
      expect(pool.totalCount).toBe(pool.idleCount);
      // Read directly, not through the proxy: step 2 left no trace.
      expect((await findSignupById(test.database.db, signup.signupId))?.lastCompletedStep).toBe(1);
      expect(await findChildren(test.database.db, signup.signupId)).toEqual([]);

      await proxy.restore();
      const saved = await saveFamily(app, signup);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await findSignupById(test.database.db, signup.signupId))?.lastCompletedStep).toBe(2);
      expect(await findChildren(test.database.db, signup.signupId)).toHaveLength(1);
    });
  },
);
