import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDatabase, migrate } from '../db/client.js';
import { seedCatalog } from '../modules/pricing/seed.js';

/**
 * A test entry point, never shipped: the server as main.ts starts it (config from the
 * environment, migrate, catalog, start-up reconciliation), listening on a free port that it
 * prints as `LISTENING <port>`. With CRASH_BEFORE_COMMIT=1 the process SIGKILLs itself inside the
 * transaction that completes a charged payment: after the gateway's answer, before the commit,
 * as a power cut or an OOM kill would (see payment-crash.test.ts).
 */
const crashBeforeCommit = process.env.CRASH_BEFORE_COMMIT === '1';

const config = loadConfig();
const database = createDatabase(config);
const app = await buildApp(config, {
  database,
  closeDatabase: true,
  ...(crashBeforeCommit
    ? { checkoutHooks: { beforeCommit: () => void process.kill(process.pid, 'SIGKILL') } }
    : {}),
});
await migrate(database);
await seedCatalog(database.db, config.catalog.dir);
await app.listen({ host: '127.0.0.1', port: 0 });
await app.checkout.reconcilePendingPayments();
process.stdout.write(`LISTENING ${(app.server.address() as AddressInfo).port}\n`);
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
