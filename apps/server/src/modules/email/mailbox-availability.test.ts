import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

/**
 * The mailbox shows every email's tokens and codes: it is served in the local demo only (the
 * embedded database, the sandbox gateway, no SMTP), to this machine only, and DEV_MAILBOX can
 * turn it off or on.
 */

const MAILBOX_URLS = ['/v2/dev/mailbox', '/app/dev/mailbox'];
const BRAINTREE_ENV = {
  BRAINTREE_MERCHANT_ID: 'test-merchant',
  BRAINTREE_PUBLIC_KEY: 'test-public-key',
  BRAINTREE_PRIVATE_KEY: 'test-private-key',
};
const POSTGRES_ENV = { DATABASE_URL: 'postgres://app@127.0.0.1:5432/app' };

describe('the dev mailbox', () => {
  const ctx = useTestDatabase('pglite');
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function statuses(
    env: Record<string, string>,
    inject: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<number[]> {
    const app = await buildTestApp(ctx.database, { env });
    apps.push(app);
    return Promise.all(
      MAILBOX_URLS.map(
        async (url) => (await app.inject({ method: 'GET', url, ...inject })).statusCode,
      ),
    );
  }

  it('is on in the local demo, for this machine (IPv4 and IPv6 loopback)', async () => {
    expect(await statuses({})).toEqual([200, 200]);
    expect(await statuses({}, { remoteAddress: '::1' })).toEqual([200, 200]);
    expect(await statuses({}, { remoteAddress: '::ffff:127.0.0.1' })).toEqual([200, 200]);
  });

  it('is refused to any other client, whatever X-Forwarded-For claims', async () => {
    expect(await statuses({}, { remoteAddress: '192.168.1.20' })).toEqual([404, 404]);
    expect(
      await statuses(
        { TRUST_PROXY: 'true' },
        { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      ),
    ).toEqual([404, 404]);
    // A proxy on this machine: a loopback socket, but the visitor is elsewhere.
    expect(await statuses({}, { headers: { 'x-forwarded-for': '198.51.100.4' } })).toEqual([
      404, 404,
    ]);
    expect(await statuses({}, { headers: { forwarded: 'for=198.51.100.4' } })).toEqual([404, 404]);
  });

  it('is off on PostgreSQL, with Braintree, with SMTP, and with DEV_MAILBOX=off', async () => {
    expect(await statuses(POSTGRES_ENV)).toEqual([404, 404]);
    expect(await statuses(BRAINTREE_ENV)).toEqual([404, 404]);
    expect(await statuses({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([404, 404]);
    expect(await statuses({ DEV_MAILBOX: 'off' })).toEqual([404, 404]);
  });

  it('is on with DEV_MAILBOX=on on PostgreSQL', async () => {
    expect(await statuses({ ...POSTGRES_ENV, DEV_MAILBOX: 'on' })).toEqual([200, 200]);
  });
});
