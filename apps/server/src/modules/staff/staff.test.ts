import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loggedInParent } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { parseStaffArgs, StaffError, setStaff } from './staff.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

describe.each(BACKENDS)('staff role on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const isStaff = async (cookie: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { isStaff: boolean }).isStaff;
  };

  it('grants and revokes by username (any case); the session answer shows it', async () => {
    const parent = await loggedInParent(app);
    expect(await isStaff(parent.cookie)).toBe(false);
    const granted = await setStaff(ctx.database.db, parent.username.toUpperCase(), true);
    expect(granted).toEqual({ userId: parent.userId, username: parent.username, isStaff: true });
    expect(await isStaff(parent.cookie)).toBe(true);
    await setStaff(ctx.database.db, parent.username, false);
    expect(await isStaff(parent.cookie)).toBe(false);
  });

  it('refuses a username no account has', async () => {
    await expect(setStaff(ctx.database.db, 'nobody_has_this', true)).rejects.toThrow(StaffError);
  });
});

describe('parseStaffArgs', () => {
  it('reads --grant or --revoke with a username', () => {
    expect(parseStaffArgs(['--grant', 'ana_lopez'])).toEqual({
      username: 'ana_lopez',
      isStaff: true,
    });
    expect(parseStaffArgs(['--revoke=ana_lopez'])).toEqual({
      username: 'ana_lopez',
      isStaff: false,
    });
  });

  it('refuses no flag, both flags, or a missing username', () => {
    for (const argv of [
      [],
      ['--grant'],
      ['--grant', '--revoke', 'x'],
      ['--grant', 'a', '--revoke', 'b'],
    ]) {
      expect(() => parseStaffArgs(argv), argv.join(' ')).toThrow(StaffError);
    }
  });
});
