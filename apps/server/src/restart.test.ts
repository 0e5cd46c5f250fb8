import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.js';
import { createDatabase, type Database, migrate } from './db/client.js';
import { seedCatalog } from './modules/pricing/seed.js';
import { getSignup, savePackage, signupAtStep3 } from './test/signup-fixtures.js';
import {
  BACKENDS,
  type Backend,
  buildTestApp,
  createTestDatabase,
  testConfig,
} from './test/test-app.js';

/**
 * A server restarted mid-funnel (a deploy, a crash): the visitor's browser still holds the signup
 * id and registration key, and the new process must carry on from the stored signup. Each app
 * here opens and closes its own connection to one database that outlives both.
 */
async function durableDatabase(backend: Backend): Promise<{
  open(): Database;
  drop(): Promise<void>;
}> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'coparent-restart-'));
    const first = createDatabase({ database: { kind: 'pglite', dataDir } });
    await migrate(first);
    await seedCatalog(first.db, testConfig().catalog.dir);
    await first.close();
    return {
      open: () => createDatabase({ database: { kind: 'pglite', dataDir } }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const test = await createTestDatabase('postgres');
  const url = test.url ?? '';
  return {
    open: () => createDatabase({ database: { kind: 'pg', url } }),
    drop: () => test.drop(),
  };
}

const startApp = (database: Database): Promise<App> =>
  buildTestApp(database, { closeDatabase: true });

describe.each(BACKENDS)('a server restarted mid-funnel (%s)', (backend) => {
  let durable: Awaited<ReturnType<typeof durableDatabase>>;
  beforeAll(async () => {
    durable = await durableDatabase(backend);
  });
  afterAll(async () => {
    await durable?.drop();
  });

  it('lets the visitor resume where they were with the same registration key', async () => {
    const before = await startApp(durable.open());
    const signup = await signupAtStep3(before);
    await before.close();

    const after = await startApp(durable.open());
    try {
      const resumed = await getSignup(after, signup);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({
        signupId: signup.signupId,
        lastCompletedStep: 2,
        parent: { firstName: 'Ana', lastName: 'López', email: signup.email },
        children: [{ firstName: 'Carla', lastName: 'López' }],
      });

      const saved = await savePackage(after, signup, { order: { packageId: 3003 } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await getSignup(after, signup)).json()).toMatchObject({ lastCompletedStep: 3 });
    } finally {
      await after.close();
    }
  });
});
