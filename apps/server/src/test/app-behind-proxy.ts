import type { App } from '../app.js';
import { createDatabase, type Database } from '../db/client.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from './test-app.js';

export type AppBehindProxy = {
  /** The test's own PostgreSQL database, reached directly (to read what was written). */
  test: TestDatabase;
  /** The proxy between the app and PostgreSQL: cut it to make the database vanish. */
  proxy: TcpProxy;
  /** The app's database client, connected through the proxy. */
  proxied: Database;
  app: App;
  /** Closes the app and its client, cuts the proxy and drops the database. */
  close(): Promise<void>;
};

/**
 * An app on a fresh PostgreSQL database that it reaches only through a TCP proxy the test can
 * cut and restore: the database host going away mid-request, as an operator would see it.
 */
export async function startAppBehindProxy(): Promise<AppBehindProxy> {
  const test = await createTestDatabase('postgres');
  const url = new URL(test.url ?? '');
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  const proxied = createDatabase({ database: { kind: 'pg', url: url.toString() } });
  const app = await buildTestApp(proxied);
  return {
    test,
    proxy,
    proxied,
    app,
    async close() {
      await app.close();
      await proxied.close();
      await proxy.cut();
      await test.drop();
    },
  };
}
