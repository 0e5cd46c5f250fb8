import { enMessages, esMXMessages, translateMessage } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { subscriptionCodes } from '../../db/schema.js';
import { signupAtStep3, type TestSignup } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

describe.each(BACKENDS)('POST /v2/signups/:id/codes/check on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let signup: TestSignup;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    signup = await signupAtStep3(app);
    // A code for the Standard package, which a US parent is not offered.
    await ctx.database.db.insert(subscriptionCodes).values({
      code: 'PRO-STD1-TEST1',
      kind: 'PACKAGE',
      packageCode: 'STD1',
      purchasedBy: 'Test practice',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  function check(code: unknown, language = 'en', key = signup.registrationKey) {
    return app.inject({
      method: 'POST',
      url: `/v2/signups/${signup.signupId}/codes/check`,
      headers: { 'x-registration-key': key, language },
      payload: { code },
    });
  }

  it('answers the packages a code pays for, in one call: a package code covers its package', async () => {
    const res = await check(' pro-prem1-demo1 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: 'PRO-PREM1-DEMO1',
      packages: [{ packageId: 3003, isFullyCovered: true, amountFormatted: '$149.99' }],
    });
  });

  it('an amount code covers part of every package in its currency', async () => {
    const res = await check('PRO-USD50-DEMO1');
    expect(res.statusCode, res.body).toBe(200);
    const { packages } = res.json() as {
      packages: { packageId: number; isFullyCovered: boolean; amountFormatted: string }[];
    };
    expect(packages.map((p) => p.packageId).sort()).toEqual([3001, 3002, 3003, 3004, 3005, 3006]);
    expect(packages.every((p) => !p.isFullyCovered && p.amountFormatted === '$50.00')).toBe(true);
  });

  it.each([
    ['NOPE-123', 'code_unknown_error'],
    ['PRO-USED-DEMO1', 'code_used_error'],
    ['PRO-OLD-DEMO1', 'code_expired_error'],
    ['PRO-GBP40-DEMO1', 'code_otherCountry_error'],
    ['PRO-STD1-TEST1', 'code_otherPackages_error'],
  ] as const)('refuses %s saying why (%s), in both languages', async (code, key) => {
    for (const [language, messages] of [
      ['en', enMessages],
      ['es-MX', esMXMessages],
    ] as const) {
      const res = await check(code, language);
      expect(res.statusCode, res.body).toBe(422);
      // The packages a code is for are named in the language.
      const packages = language === 'en' ? 'Standard · 1 year' : 'Estándar · 1 año';
      const text = translateMessage(key, language, { packages });
      expect(text).not.toBe(messages.payment_activationCode_error);
      expect(res.json()).toEqual({ validationErrors: [{ field: 'code', text, type: 'ERROR' }] });
    }
  });

  it('refuses a blank code at the field, and another key with 403', async () => {
    const blank = await check('   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().validationErrors[0]).toMatchObject({
      field: 'code',
      text: enMessages.code_unknown_error,
    });
    const stranger = await check('PRO-PREM1-DEMO1', 'en', 'a'.repeat(43));
    expect(stranger.statusCode).toBe(403);
  });
});
