import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailChanges, emailOutbox, users } from '../../db/schema.js';
import { loggedInParent, TEST_PASSWORD } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE: '10000',
  LOGIN_LOCKOUT_MAX_FAILURES: '3',
  PUBLIC_URL: 'https://join.example.test',
};

const HOUR_MS = 3_600_000;

describe.each(BACKENDS)('the account email change on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    clock = new Date();
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

  const confirm = (token: string, cookie?: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/v2/account/email/confirm',
      headers: { language, ...(cookie ? { cookie } : {}) },
      payload: { token },
    });

  const status = (cookie: string) =>
    app.inject({ method: 'GET', url: '/v2/account/email', headers: { cookie } });

  async function emailOf(userId: string) {
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    return row?.email;
  }

  const mailTo = (address: string, template: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)))
      .orderBy(desc(emailOutbox.createdAt));

  /** The token of the newest confirmation link sent to `address`. */
  async function linkTokenSentTo(address: string): Promise<string> {
    const [mail] = await mailTo(address, 'email-change-confirm');
    const match = /\/app\/account\/email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(
      mail?.textBody ?? '',
    );
    if (!match?.[1]) throw new Error(`no confirmation link sent to ${address}`);
    return match[1];
  }

  /** A logged-in parent who asked to move to a new address (202). */
  async function askedToMove(language = 'en') {
    const parent = await loggedInParent(app, language);
    const email = newEmail();
    const res = await change(parent.cookie, { email, currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    return { parent, email, token: await linkTokenSentTo(email) };
  }

  const fieldsOf = (body: string) =>
    (JSON.parse(body) as { validationErrors: { field: string; text: string }[] }).validationErrors;

  it('asks with the current password: a link to the new address, a notice to the current one', async () => {
    const parent = await loggedInParent(app);
    const email = newEmail();
    const res = await change(parent.cookie, {
      email: ` ${email} `,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['cache-control']).toBe('no-store');
    const expiresAt = new Date(clock.getTime() + 24 * HOUR_MS).toISOString();
    expect(res.json()).toEqual({ pending: { email, expiresAt } });

    // Nothing changed yet.
    expect(await emailOf(parent.userId)).toBe(parent.email);

    const [link, ...moreLinks] = await mailTo(email, 'email-change-confirm');
    expect(moreLinks).toHaveLength(0);
    expect(link?.locale).toBe('en');
    expect(link?.subject).toBe('Confirm your new CoParent Hub email address');
    expect(link?.textBody).toContain(
      'Open this link to confirm it: https://join.example.test/app/account/email/confirm?token=',
    );
    expect(link?.secretsExpireAt?.toISOString()).toBe(expiresAt);

    const [notice, ...moreNotices] = await mailTo(parent.email, 'email-change-requested');
    expect(moreNotices).toHaveLength(0);
    expect(notice?.textBody).toContain(`asked to change its email address to ${email}.`);
    expect(notice?.textBody).toContain('If this was not you, change your password now');
    expect(await mailTo(parent.email, 'email-changed-notice')).toHaveLength(0);

    // The token is stored only as its hash.
    const token = await linkTokenSentTo(email);
    const rows = await db()
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, parent.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const pending = await status(parent.cookie);
    expect(pending.json()).toEqual({ email: parent.email, pending: { email, expiresAt } });
  });

  it('changes the email when the link is confirmed, without a session, and tells the old address', async () => {
    const { parent, email, token } = await askedToMove();
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ email });
    expect(await emailOf(parent.userId)).toBe(email);

    const [notice, ...more] = await mailTo(parent.email, 'email-changed-notice');
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe('Your CoParent Hub email address was changed');
    expect(notice?.textBody).toContain(`was changed to ${email}.`);
    expect(notice?.textBody).toContain('If this was not you, contact our support team right away');
    expect(await mailTo(email, 'email-changed-notice')).toHaveLength(0);

    // The session lives on, with the new address; nothing waits any more.
    const session = await app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: { cookie: parent.cookie },
    });
    expect(session.json()).toMatchObject({ email });
    expect((await status(parent.cookie)).json()).toEqual({ email, pending: null });
  });

  it('uses the link once', async () => {
    const { parent, email, token } = await askedToMove();
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'EMAIL_CHANGE_INVALID' });
    expect(await emailOf(parent.userId)).toBe(email);
    expect(await mailTo(parent.email, 'email-changed-notice')).toHaveLength(1);
  });

  it('refuses an expired link and an unknown one', async () => {
    const { parent, token } = await askedToMove();
    clock = new Date(clock.getTime() + 24 * HOUR_MS + 1000);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'EMAIL_CHANGE_INVALID' });
    expect(await emailOf(parent.userId)).toBe(parent.email);
    expect((await status(parent.cookie)).json()).toMatchObject({ pending: null });

    expect((await confirm('not-a-token-at-all')).statusCode).toBe(410);
    const blank = await confirm('');
    expect(blank.statusCode).toBe(422);
  });

  it('lets a new request replace the waiting one: the earlier link dies', async () => {
    const { parent, email: first, token: firstToken } = await askedToMove();
    const second = newEmail();
    const res = await change(parent.cookie, { email: second, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect((await status(parent.cookie)).json()).toMatchObject({ pending: { email: second } });

    const old = await confirm(firstToken);
    expect(old.statusCode).toBe(410);
    expect(await emailOf(parent.userId)).toBe(parent.email);

    expect((await confirm(await linkTokenSentTo(second))).statusCode).toBe(200);
    expect(await emailOf(parent.userId)).toBe(second);
    expect(first).not.toBe(second);
  });

  it('cancels the waiting change: its link stops working', async () => {
    const { parent, token } = await askedToMove();
    const cancel = await app.inject({
      method: 'DELETE',
      url: '/v2/account/email/pending',
      headers: { cookie: parent.cookie },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await status(parent.cookie)).json()).toMatchObject({ pending: null });
    expect((await confirm(token)).statusCode).toBe(410);
    expect(await emailOf(parent.userId)).toBe(parent.email);
  });

  it('refuses the link when another account took the address meanwhile (409, in the page’s language)', async () => {
    const { parent, email, token } = await askedToMove();
    // Another account moves to the same address first.
    const other = await loggedInParent(app);
    await change(other.cookie, { email, currentPassword: TEST_PASSWORD });
    expect((await confirm(await linkTokenSentTo(email))).statusCode).toBe(200);
    expect(await emailOf(other.userId)).toBe(email);

    const res = await confirm(token, undefined, 'es-MX');
    expect(res.statusCode).toBe(409);
    expect(fieldsOf(res.body)).toEqual([
      {
        field: 'form',
        text: expect.stringContaining('Otra cuenta empezó a usar ese correo electrónico'),
        type: 'ERROR',
      },
    ]);
    expect(await emailOf(parent.userId)).toBe(parent.email);
    expect(await mailTo(parent.email, 'email-changed-notice')).toHaveLength(0);
    // The change is dropped: the page offers to start again.
    expect((await status(parent.cookie)).json()).toMatchObject({ pending: null });
  });

  it('refuses the link once the account’s email changed since it was sent', async () => {
    const { parent, token } = await askedToMove();
    // Changed another way (support, say) while the link waited: the link was for the old state.
    await db()
      .update(users)
      .set({ email: 'support.moved@example.com', emailNormalized: 'support.moved@example.com' })
      .where(eq(users.id, parent.userId));
    const res = await confirm(token);
    expect(res.statusCode).toBe(410);
    expect(await emailOf(parent.userId)).toBe('support.moved@example.com');
  });

  it('cannot touch another account: a link changes only the account that asked', async () => {
    const { parent, email, token } = await askedToMove();
    const other = await loggedInParent(app);
    // Confirmed from the other person's session: the change is the asker's, not theirs.
    const res = await confirm(token, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(await emailOf(parent.userId)).toBe(email);
    expect(await emailOf(other.userId)).toBe(other.email);
    // And the other person's session shows nothing waiting for them.
    expect((await status(other.cookie)).json()).toEqual({ email: other.email, pending: null });
  });

  it('writes every email in the account’s language', async () => {
    const { parent, email } = await askedToMove('es-MX');
    const [link] = await mailTo(email, 'email-change-confirm');
    expect(link?.locale).toBe('es-MX');
    expect(link?.subject).toBe('Confirma tu nuevo correo electrónico de CoParent Hub');
    const [notice] = await mailTo(parent.email, 'email-change-requested');
    expect(notice?.locale).toBe('es-MX');
    expect(notice?.textBody).toContain(`pidió cambiar su correo electrónico a ${email}.`);

    expect((await confirm(await linkTokenSentTo(email), undefined, 'en')).statusCode).toBe(200);
    const [done] = await mailTo(parent.email, 'email-changed-notice');
    expect(done?.locale).toBe('es-MX');
    expect(done?.textBody).toContain(`se cambió a ${email}.`);
  });

  it('refuses a wrong password (422 at currentPassword) and sends nothing', async () => {
    const parent = await loggedInParent(app);
    const email = newEmail();
    const res = await change(
      parent.cookie,
      { email, currentPassword: 'Not-The-Password-1' },
      'es-MX',
    );
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'currentPassword', text: 'Esa contraseña no es correcta.', type: 'ERROR' },
    ]);
    expect(await emailOf(parent.userId)).toBe(parent.email);
    expect(await mailTo(email, 'email-change-confirm')).toHaveLength(0);
    expect(await mailTo(parent.email, 'email-change-requested')).toHaveLength(0);
    expect((await status(parent.cookie)).json()).toMatchObject({ pending: null });
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
    expect(await mailTo(other.email, 'email-change-confirm')).toHaveLength(0);
    expect(await mailTo(parent.email, 'email-change-requested')).toHaveLength(0);
    const same = await change(parent.cookie, {
      email: parent.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(fieldsOf(same.body)).toEqual([
      { field: 'email', text: 'This is already your email address.', type: 'ERROR' },
    ]);
  });

  it('needs a session to ask, to see and to cancel', async () => {
    const res = await change(undefined, { email: newEmail(), currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect((await app.inject({ method: 'GET', url: '/v2/account/email' })).statusCode).toBe(401);
    const cancel = await app.inject({ method: 'DELETE', url: '/v2/account/email/pending' });
    expect(cancel.statusCode).toBe(401);
  });

  it('sends a few links an hour at most', async () => {
    const parent = await loggedInParent(app);
    for (let i = 0; i < 5; i += 1) {
      const ok = await change(parent.cookie, { email: newEmail(), currentPassword: TEST_PASSWORD });
      expect(ok.statusCode, ok.body).toBe(202);
    }
    const email = newEmail();
    const refused = await change(parent.cookie, { email, currentPassword: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(fieldsOf(refused.body)).toEqual([
      {
        field: 'form',
        text: 'You asked to change your email address too many times. Please try again in an hour.',
        type: 'ERROR',
      },
    ]);
    expect(await mailTo(email, 'email-change-confirm')).toHaveLength(0);

    clock = new Date(clock.getTime() + HOUR_MS + 1000);
    const later = await change(parent.cookie, { email, currentPassword: TEST_PASSWORD });
    expect(later.statusCode).toBe(202);
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
