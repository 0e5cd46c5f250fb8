import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';

// A route's response schema is also its serializer: a problem member the schema does not name
// would be dropped from the answer. The generic Problem names the ones the handlers add.
describe('problem documents keep their members', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: { LOGIN_LOCKOUT_MAX_FAILURES: '1' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a locked login says how long to wait, in the body as in Retry-After', async () => {
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { username: 'nobody-locked', password: 'Wrong-pass-123' },
      });
    expect((await login()).statusCode).toBe(401);
    const locked = await login();
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
      requestId: locked.headers['x-request-id'],
    });
  });
});
