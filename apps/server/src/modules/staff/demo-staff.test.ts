import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { seedDemoStaff } from './demo-staff.js';

describe('the demo staff account', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logs in with the configured username and password and reads the funnel report', async () => {
    const staff = { username: 'demo_staff', password: 'Report-Reader-42' };
    await seedDemoStaff(ctx.database.db, staff, new Date());
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { ...staff, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    const session = await app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ isStaff: true });
    const report = await app.inject({
      method: 'GET',
      url: '/v2/admin/funnel',
      headers: { cookie },
    });
    expect(report.statusCode, report.body).toBe(200);
  });
});
