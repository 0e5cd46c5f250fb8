import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox, users } from '../../db/schema.js';
import { loggedInParent, TEST_PASSWORD } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  LOGIN_LOCKOUT_MAX_FAILURES: '3',
};

describe.each(BACKENDS)('the account email change on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;
  const newEmail = () => `moved.${randomUUID()}@example.com`;

  const change = (cookie: string | undefined, payload: unknown, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/v2/account/email',
      headers: { language, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });

  async function emailOf(userId: string) {
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    return row?.email;
  }

  const noticesTo = (address: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'email-changed-notice')),
      );

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { validationErrors: { field: string; text: string }[] }).validationErrors;

  it('changes the email with the current password and tells the old address', async () => {
    const parent = await loggedInParent(app);
    const email = newEmail();
    const res = await change(parent.cookie, {
      email: ` ${email} `,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ email });
    expect(await emailOf(parent.userId)).toBe(email);

    const [notice, ...more] = await noticesTo(parent.email);
    expect(more).toHaveLength(0);
    expect(notice?.locale).toBe('en');
    expect(notice?.subject).toBe('Your CoParent Hub email address was changed');
    expect(notice?.textBody).toContain(`was changed to ${email}.`);
    expect(notice?.textBody).toContain('If this was not you, contact our support team right away');
    expect(await noticesTo(email)).toHaveLength(0);

    // The session lives on; the password is the same.
    const session = await app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: { cookie: parent.cookie },
    });
    expect(session.json()).toMatchObject({ email });
  });

  it('writes the notice in the account’s language', async () => {
    const parent = await loggedInParent(app, 'es-MX');
    const email = newEmail();
    const res = await change(parent.cookie, { email, currentPassword: TEST_PASSWORD }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = await noticesTo(parent.email);
    expect(notice?.locale).toBe('es-MX');
    expect(notice?.textBody).toContain(`se cambió a ${email}.`);
  });

  it('refuses a wrong password (422 at currentPassword) and changes nothing', async () => {
    const parent = await loggedInParent(app);
    const res = await change(
      parent.cookie,
      { email: newEmail(), currentPassword: 'Not-The-Password-1' },
      'es-MX',
    );
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'currentPassword', text: 'Esa contraseña no es correcta.', type: 'ERROR' },
    ]);
    expect(await emailOf(parent.userId)).toBe(parent.email);
    expect(await noticesTo(parent.email)).toHaveLength(0);
  });

  it('validates with the domain rules: the email, the password given at all', async () => {
    const parent = await loggedInParent(app);
    const res = await change(parent.cookie, { email: 'not-an-email', currentPassword: '' });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.body).map((e) => [e.field, e.text])).toEqual([
      ['email', 'Invalid email address'],
      ['currentPassword', 'Enter your current password'],
    ]);
  });

  it('refuses an address another account has with the product’s generic message', async () => {
    const parent = await loggedInParent(app);
    const other = await loggedInParent(app);
    const res = await change(parent.cookie, {
      email: other.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'email', text: 'That email address is already tied to an account.', type: 'ERROR' },
    ]);
    expect(await emailOf(parent.userId)).toBe(parent.email);
    expect(await noticesTo(parent.email)).toHaveLength(0);
    const same = await change(parent.cookie, {
      email: parent.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(fieldsOf(same.body)).toEqual([
      { field: 'email', text: 'This is already your email address.', type: 'ERROR' },
    ]);
  });

  it('needs a session', async () => {
    const res = await change(undefined, { email: newEmail(), currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
  });

  it('locks the change after repeated wrong passwords, like the login', async () => {
    const parent = await loggedInParent(app);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await change(parent.cookie, {
        email: newEmail(),
        currentPassword: `Wrong-${i}`,
      });
      expect(wrong.statusCode).toBe(422);
    }
    const locked = await change(parent.cookie, {
      email: newEmail(),
      currentPassword: TEST_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await emailOf(parent.userId)).toBe(parent.email);
  });
});
