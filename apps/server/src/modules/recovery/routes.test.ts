import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox, passwordResets } from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import { type LoggedInParent, loggedInParent, TEST_PASSWORD } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { updateUser } from '../account/repo.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_RECOVERY_PER_MINUTE: '10000',
  RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE: '10000',
  PUBLIC_URL: 'https://join.example.test',
};

const NEW_PASSWORD = 'Quiet-Meadow-97';

describe.each(BACKENDS)('password recovery on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (url: string, payload: Record<string, unknown>, language = 'en') =>
    app.inject({ method: 'POST', url, payload, headers: { language } });
  const lookup = (payload: Record<string, unknown>, language = 'en') =>
    post('/v2/account/recovery', payload, language);
  const verify = (recoveryId: string, verificationCode: string, language = 'en') =>
    post('/v2/account/recovery/verify', { recoveryId, verificationCode }, language);
  const reset = (resetToken: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
    post('/v2/account/recovery/reset', { resetToken, newPassword, confirmPassword });
  const login = (username: string, password: string) =>
    post('/v2/login', { username, password, submit: 'Sign In', eventId: 'submit' });

  async function mailsTo(email: string) {
    return ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'password-reset')))
      .orderBy(desc(emailOutbox.createdAt));
  }

  /**
   * The recovery email sent for this recovery: the one whose link's token the recovery's row keeps
   * the hash of (two requests can share a millisecond, so "the newest" by time is not one mail).
   */
  async function mailOfRecovery(email: string, recoveryId: string) {
    const [recovery] = await ctx.database.db
      .select({ linkTokenHash: passwordResets.linkTokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.id, recoveryId));
    const mails = (await mailsTo(email)).map(readMail);
    const found = mails.find(({ token }) => hashToken(token) === recovery?.linkTokenHash);
    expect(found, `no recovery email carries the link of ${recoveryId}`).toBeDefined();
    return found ?? { mail: undefined, code: '', token: '' };
  }

  /** A recovery email's code and link token. */
  function readMail(mail: typeof emailOutbox.$inferSelect) {
    const text = mail.textBody ?? '';
    const code = /: (\d{6})\n/.exec(text)?.[1];
    const token = /https:\/\/join\.example\.test\/app\/account\/recover\?token=([\w-]+)/.exec(
      text,
    )?.[1];
    expect(code, text).toBeDefined();
    expect(token, text).toBeDefined();
    return { mail, code: code ?? '', token: token ?? '' };
  }

  async function requestByEmail(parent: LoggedInParent) {
    const res = await lookup({ email: parent.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { result: string; recoveryId: string };
    expect(body.result).toBe('SUCCESS');
    return {
      recoveryId: body.recoveryId,
      ...(await mailOfRecovery(parent.email, body.recoveryId)),
    };
  }

  it('emails a code and a link for an email, a username or a phone', async () => {
    const parent = await loggedInParent(app);
    const byEmail = await requestByEmail(parent);
    expect(byEmail.mail).toMatchObject({
      locale: 'en',
      subject: 'Reset your CoParent Hub password',
    });
    expect(byEmail.mail?.textBody).toContain(`username: ${parent.username}`);

    const byUsername = await lookup({ username: `  ${parent.username.toUpperCase()} ` });
    expect(byUsername.json()).toMatchObject({ result: 'SUCCESS' });
    expect(await mailsTo(parent.email)).toHaveLength(2);

    const phone = `31255${String(Date.now()).slice(-5)}`;
    await updateUser(ctx.database.db, parent.userId, { phoneNumber: phone });
    const byPhone = await lookup({ countryCode: 'US_CANADA', phone });
    expect(byPhone.json()).toMatchObject({ result: 'SUCCESS' });
    expect(await mailsTo(parent.email)).toHaveLength(3);
  });

  it('writes the email in the account’s language', async () => {
    const parent = await loggedInParent(app, 'es-MX');
    const { mail } = await requestByEmail(parent);
    expect(mail?.locale).toBe('es-MX');
    expect(mail?.subject).toBe('Restablece tu contraseña de CoParent Hub');
  });

  it('answers an unknown identity exactly like a known one, and no code opens it', async () => {
    for (const body of [
      { email: uniqueEmail('nobody') },
      { username: 'nobody_at_all_here' },
      { countryCode: 'UNITED_KINGDOM', phone: '7700900999' },
    ]) {
      const res = await lookup(body);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { result: string; recoveryId: string };
      expect(Object.keys(answer).sort()).toEqual(['recoveryId', 'result']);
      expect(answer.result).toBe('SUCCESS');
      const wrong = await verify(answer.recoveryId, '123456');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        validationErrors: [
          {
            field: 'verificationCode',
            text: 'That code is not correct. Check the email and try again.',
            type: 'ERROR',
          },
        ],
      });
    }
  });

  it('answers MULTI when a phone belongs to several accounts (then the username works)', async () => {
    const first = await loggedInParent(app);
    const second = await loggedInParent(app);
    const phone = `41255${String(Date.now()).slice(-5)}`;
    await updateUser(ctx.database.db, first.userId, { phoneNumber: phone });
    await updateUser(ctx.database.db, second.userId, { phoneNumber: phone });
    const res = await lookup({ countryCode: 'US_CANADA', phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'MULTI' });
    expect(await mailsTo(first.email)).toHaveLength(0);
    expect((await lookup({ username: second.username })).json()).toMatchObject({
      result: 'SUCCESS',
    });
  });

  it('refuses a body with no way, or several, or a bad field (422, localised)', async () => {
    const none = await lookup({});
    expect(none.statusCode).toBe(422);
    expect(none.json().validationErrors[0]).toMatchObject({ field: 'form' });
    const both = await lookup({ email: uniqueEmail(), username: 'someone_here' });
    expect(both.statusCode).toBe(422);
    const phoneOnly = await lookup({ phone: '2125551234' }, 'es-MX');
    expect(phoneOnly.json().validationErrors).toEqual([
      { field: 'countryCode', text: 'Selecciona un código de país', type: 'ERROR' },
    ]);
    const badEmail = await lookup({ email: 'not-an-email' });
    expect(badEmail.json().validationErrors[0]).toMatchObject({ field: 'email' });
    const badCode = await verify('00000000-0000-4000-8000-000000000000', '12a');
    expect(badCode.json().validationErrors[0]).toMatchObject({ field: 'verificationCode' });
  });

  it('resets with the code: the old password no longer logs in, the new one does, sessions end', async () => {
    const parent = await loggedInParent(app);
    const { recoveryId, code } = await requestByEmail(parent);
    const verified = await verify(recoveryId, code);
    expect(verified.statusCode, verified.body).toBe(200);
    const { resetToken } = verified.json() as { resetToken: string };

    const done = await reset(resetToken);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ reset: true });
    expect(done.headers['cache-control']).toBe('no-store');

    const session = await app.inject({
      method: 'GET',
      url: '/v2/account/session',
      headers: { cookie: parent.cookie },
    });
    expect(session.statusCode).toBe(401);
    expect((await login(parent.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(parent.username, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use: the token, the code and the emailed link are all spent.
    expect((await reset(resetToken, 'Another-Field-58')).json()).toMatchObject({
      code: 'RECOVERY_INVALID',
      status: 410,
    });
    expect((await verify(recoveryId, code)).statusCode).toBe(410);
  });

  it('resets with the emailed link’s token, once', async () => {
    const parent = await loggedInParent(app);
    const { token } = await requestByEmail(parent);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Field-58');
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/application\/problem\+json/);
    expect((await login(parent.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('checks the new password with the credentials rules and the confirmation', async () => {
    const parent = await loggedInParent(app);
    const { token } = await requestByEmail(parent);
    const short = await reset(token, 'short', 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().validationErrors).toEqual([
      {
        field: 'newPassword',
        text: 'Your password must be between 12 and 25 characters',
        type: 'ERROR',
      },
    ]);
    const withUsername = await reset(token, `${parent.username}-1!`);
    expect(withUsername.json().validationErrors[0]).toMatchObject({ field: 'newPassword' });
    const mismatch = await reset(token, NEW_PASSWORD, 'Quiet-Meadow-98');
    expect(mismatch.json().validationErrors).toEqual([
      { field: 'confirmPassword', text: 'The passwords do not match', type: 'ERROR' },
    ]);
    // A refused password does not use the recovery up.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('ends the recovery at the fifth wrong code', async () => {
    const parent = await loggedInParent(app);
    const { recoveryId, code, token } = await requestByEmail(parent);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await verify(recoveryId, wrong)).statusCode, `attempt ${attempt}`).toBe(422);
    }
    expect((await verify(recoveryId, wrong)).json()).toMatchObject({ code: 'RECOVERY_INVALID' });
    expect((await verify(recoveryId, code)).statusCode).toBe(410);
    expect((await reset(token)).statusCode).toBe(410);
  });

  it('expires after RECOVERY_TTL_MINUTES (30)', async () => {
    const parent = await loggedInParent(app);
    const { recoveryId, code, token } = await requestByEmail(parent);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 31 * 60_000);
      expect((await verify(recoveryId, code)).statusCode).toBe(410);
      expect((await reset(token)).statusCode).toBe(410);
    } finally {
      clock = start;
    }
    // Within the time it works.
    const verified = await verify(recoveryId, code);
    expect(verified.statusCode).toBe(200);
  });

  it('a new request replaces the previous one', async () => {
    const parent = await loggedInParent(app);
    const first = await requestByEmail(parent);
    const second = await requestByEmail(parent);
    expect((await verify(first.recoveryId, first.code)).statusCode).toBe(410);
    expect((await reset(first.token)).statusCode).toBe(410);
    expect((await verify(second.recoveryId, second.code)).statusCode).toBe(200);
  });

  it('sends at most RECOVERY_REQUESTS_PER_HOUR emails per account, answering the same', async () => {
    const parent = await loggedInParent(app);
    for (let i = 0; i < 5; i += 1) await requestByEmail(parent);
    const sixth = await lookup({ email: parent.email });
    expect(sixth.statusCode).toBe(200);
    expect(sixth.json()).toMatchObject({ result: 'SUCCESS' });
    expect(await mailsTo(parent.email)).toHaveLength(5);
    // The fifth email still works: the silent one did not replace it.
    const [row] = await ctx.database.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, parent.userId), isNull(passwordResets.revokedAt)));
    const { code } = await mailOfRecovery(parent.email, row?.id ?? '');
    expect((await verify(row?.id ?? '', code)).statusCode).toBe(200);
  });

  it('stores no code or token in plain text', async () => {
    const parent = await loggedInParent(app);
    const { recoveryId, code, token } = await requestByEmail(parent);
    const [row] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, recoveryId));
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe('password recovery rate limit per IP', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: { RATE_LIMIT_RECOVERY_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 beyond RATE_LIMIT_RECOVERY_PER_MINUTE', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/v2/account/recovery',
        payload: { email: uniqueEmail() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
