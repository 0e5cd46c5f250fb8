import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { billingBody, saveBilling, signupReadyToPay } from '../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../test/test-app.js';
import { findNulCharacter, hasNulCharacter } from './nul-characters.js';

describe('findNulCharacter', () => {
  it('names the path of the first string with a NUL character, keys included', () => {
    expect(findNulCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findNulCharacter({ 'k\u0000': 1 })).toBe('');
    expect(findNulCharacter({ a: 'fine', n: 1, t: true, z: null })).toBeNull();
  });

  it('is found by the quick check wherever findNulCharacter finds it', () => {
    expect(hasNulCharacter({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe(true);
    expect(hasNulCharacter({ 'k\u0000': 1 })).toBe(true);
    expect(hasNulCharacter('\u0000')).toBe(true);
    expect(hasNulCharacter({ a: 'fine', n: 1, t: true, z: null, l: [[], {}] })).toBe(false);
    expect(hasNulCharacter(undefined)).toBe(false);
  });
});

describe.each(BACKENDS)('a NUL character in a request on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: {
        RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
        RATE_LIMIT_PRICING_PER_MINUTE: '10000',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is a 422 at the field (PostgreSQL text cannot hold it), never a 500; nothing is saved', async () => {
    const signup = await signupReadyToPay(app);
    const res = await saveBilling(
      app,
      signup,
      billingBody({ address: { line1: '1 Main\u0000 St' } }),
      'es-MX',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      validationErrors: [
        { field: 'address.line1', text: 'Ingresa un valor válido', type: 'ERROR' },
      ],
    });
    const created = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      payload: {
        sections: ['PARENT'],
        parent: {
          firstName: 'A\u0000na',
          lastName: 'López',
          email: 'nul@example.com',
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
      },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().validationErrors[0].field).toBe('parent.firstName');
  });

  it('is a 422 in a query string or a path parameter too (the fuzz test found the mailbox 500)', async () => {
    const mailbox = await app.inject({ method: 'GET', url: '/app/dev/mailbox?to=%00' });
    expect(mailbox.statusCode, mailbox.body).toBe(422);
    expect(mailbox.json().validationErrors[0].field).toBe('to');
    const signup = await app.inject({ method: 'GET', url: '/v2/signups/ab%00cd' });
    expect(signup.statusCode, signup.body).toBe(422);
    expect(signup.json().validationErrors[0].field).toBe('signupId');
  });
});
