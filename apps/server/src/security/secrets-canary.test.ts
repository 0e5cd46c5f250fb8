import { type SQL, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmtpMailer, type SmtpTransport } from '../adapters/mail/smtp.js';
import type { App } from '../app.js';
import {
  priceSignup,
  signupReadyToPay,
  TEST_PASSWORD,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import {
  buildTestApp,
  captureLogs,
  uniqueEmail,
  useTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../test/test-app.js';

/**
 * The canary: known secrets go through every flow that hands one out — Parent A's payment and
 * credentials token, the co-parent's invitation, an invited parent's security answer and code,
 * a password recovery's code and link, a professional's activation link, the session cookie —
 * with every email delivered through SMTP (a fake transport) and the log at `trace`. Then the log
 * and every table of the database are searched for each secret, after the deliveries and again
 * after the purge. Tokens may be kept as hashes; never as themselves.
 */

const PUBLIC_URL = 'https://join.example.test';
const ENV = {
  ...WHOLE_FUNNEL_RATE_LIMITS,
  LOG_LEVEL: 'trace',
  PUBLIC_URL,
  SIGNUP_PURGE_AFTER_HOURS: '24',
};
const DAY = 86_400_000;

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const SECURITY_ANSWER = 'Canary Marmalade';
const SECURITY_CODE = '7315';
const PRO_SECURITY_ANSWER = 'Canary Porcupine';
const PRO_SECURITY_CODE = '9157';

/** A short numeric secret counts only as its own token, not inside ids, hashes or timings. */
const standalone = (digits: string) => new RegExp(`(?<![\\w.$/+=-])${digits}(?![\\w.$/+=-])`);

describe('secrets at rest and in the log (canary)', () => {
  const ctx = useTestDatabase('pglite');
  const logs = captureLogs();
  const delivered: { to: string; subject: string; text: string; html?: string }[] = [];
  const transport: SmtpTransport = {
    async sendMail(mail) {
      delivered.push(mail);
      return { messageId: `canary-${delivered.length}` };
    },
  };
  let clock = new Date();
  let app: App;

  beforeAll(async () => {
    const mailer = createSmtpMailer({
      db: ctx.database.db,
      log: pino({ level: 'trace' }, logs.stream),
      now: () => clock,
      from: 'support@example.test',
      retry: { maxAttempts: 3, baseDelaySeconds: 60 },
      transport,
    });
    app = await buildTestApp(ctx.database, {
      env: ENV,
      logStream: logs.stream,
      now: () => clock,
      mailer,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: payload as Record<string, unknown>,
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const query = async <T>(statement: SQL): Promise<T[]> =>
    ((await ctx.database.db.execute(statement)) as unknown as { rows: T[] }).rows;

  /** The last delivered email to `to`, once its delivery (after the commit) has happened. */
  async function deliveredTo(to: string) {
    return vi.waitFor(() => {
      const mail = delivered.findLast((m) => m.to === to);
      if (!mail) throw new Error(`no email delivered to ${to} yet`);
      return mail;
    });
  }
  const linkToken = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';

  /** Parent A pays, sets credentials with the answer's token, logs in (the session cookie). */
  async function parentA() {
    const signup = await signupReadyToPay(app);
    const tokenized = await post('/v2/payment/sandbox/tokenize', {
      number: '4111 1111 1111 1111',
      expirationDate: `12/${NEXT_YEAR}`,
      cvv: '123',
      postalCode: '73301',
    });
    const nonce = tokenized.json().nonce as string;
    const price = await priceSignup(app, signup, {
      address: {
        country: 'US',
        region: 'TX',
        city: 'Austin',
        line1: '1 Main St',
        postalCode: '73301',
      },
      orderDetail: { packageId: 3003 },
    });
    const paid = await post(
      `/v2/signups/${signup.signupId}/payment`,
      {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce,
        },
        promoCodes: null,
      },
      {
        'x-registration-key': signup.registrationKey,
        'idempotency-key': `canary-${signup.signupId}`,
      },
    );
    const credentialsToken = paid.json().clickToJoinToken as string;
    const username = uniqueUsername('canary');
    await post('/v2/credentials', { username, password: TEST_PASSWORD }, bearer(credentialsToken));
    const login = await post('/v2/login', {
      username,
      password: TEST_PASSWORD,
      submit: 'Sign In',
      eventId: 'submit',
    });
    const session = /cp_session=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    expect(session).not.toBe('');
    const receipt = await deliveredTo(signup.email);
    return {
      registrationKey: signup.registrationKey,
      nonce,
      credentialsToken,
      session,
      email: signup.email,
      receiptLinkToken: linkToken(receipt.text),
    };
  }

  /** The invited co-parent, with the token their email carried: the security answer and code. */
  async function invitedCoParent(inviteToken: string) {
    const current = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: bearer(inviteToken),
    });
    const { userId } = current.json() as { userId: string };
    const saved = await app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: bearer(inviteToken),
      payload: {
        sections: ['SECURITY_QUESTION', 'SECURITY_CODE'],
        securityQuestion: 'Favourite jam?',
        securityAnswer: SECURITY_ANSWER,
        securityCode: SECURITY_CODE,
        confirmCode: SECURITY_CODE,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /** Parent A's password recovery: the emailed code and link, then the reset. */
  async function passwordRecovery(email: string) {
    const recoveryId = (await post('/v2/account/recovery', { email })).json().recoveryId as string;
    const mail = await vi.waitFor(() => {
      const found = delivered.findLast((m) => m.to === email && /token=/.test(m.text));
      if (!found) throw new Error('no recovery email yet');
      return found;
    });
    const code = /: (\d{6})\n/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const resetToken = (
      await post('/v2/account/recovery/verify', { recoveryId, verificationCode: code })
    ).json().resetToken as string;
    await post('/v2/account/recovery/reset', {
      resetToken,
      newPassword: 'Quiet-Canary-97',
      confirmPassword: 'Quiet-Canary-97',
    });
    return { code, linkToken: linkToken(mail.text), resetToken };
  }

  /** A professional registers; the welcome email's activation link sets their credentials. */
  async function professional() {
    const email = uniqueEmail('pro');
    await post('/v2/professional/users', {
      title: 'DOCTOR',
      firstName: 'Eva',
      lastName: 'Ruiz',
      email,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      hearAboutUs: 'SEARCH_ENGINE',
      practiceName: 'Ruiz Family Law',
      addressLine1: '1 Court Sq',
      country: 'US',
      city: 'Denver',
      region: 'CO',
      postalCode: '80202',
      timezone: 'America/Denver',
      roles: ['FAMILY_LAW_ATTORNEY'],
      securityQuestion: 'What was the name of my first school?',
      securityAnswer: PRO_SECURITY_ANSWER,
      securityCode: PRO_SECURITY_CODE,
      securityCodeConfirm: PRO_SECURITY_CODE,
    });
    const activationToken = linkToken((await deliveredTo(email)).text);
    await post(
      '/v2/credentials',
      { username: uniqueUsername('pro'), password: TEST_PASSWORD },
      bearer(activationToken),
    );
    return { activationToken };
  }

  /** Every row of every table of the application's schema, as one text. */
  async function wholeDatabase(): Promise<string> {
    const tables = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['email_outbox', 'users']));
    const dumps: string[] = [];
    for (const { name } of tables) {
      const rows = await query(sql`select * from ${sql.identifier(name)}`);
      dumps.push(`${name}: ${JSON.stringify(rows)}`);
    }
    return dumps.join('\n');
  }

  function expectNoSecret(where: string, text: string, secrets: Record<string, string>) {
    for (const [label, secret] of Object.entries(secrets)) {
      expect(secret.length, label).toBeGreaterThan(3);
      if (/^\d+$/.test(secret)) {
        expect(text, `${label} is in ${where}`).not.toMatch(standalone(secret));
      } else {
        expect(text.includes(secret), `${label} is in ${where}`).toBe(false);
      }
    }
  }

  it('leaves no token, code or answer in the log or in any table, after delivery and after the purge', async () => {
    const parent = await parentA();
    const coParentEmailedToken = await vi.waitFor(() => {
      const invitation = delivered.find((m) => /invite\?token=/.test(m.text));
      if (!invitation) throw new Error("the co-parent's invitation is not delivered yet");
      return linkToken(invitation.text);
    });
    await invitedCoParent(coParentEmailedToken);
    const recovery = await passwordRecovery(parent.email);
    const pro = await professional();

    const secrets: Record<string, string> = {
      'registration key': parent.registrationKey,
      "Parent A's credentials token": parent.credentialsToken,
      'session cookie': parent.session,
      "the co-parent's invite token": coParentEmailedToken,
      'security answer': SECURITY_ANSWER,
      'security answer, case-folded': SECURITY_ANSWER.toLowerCase(),
      'security code': SECURITY_CODE,
      'recovery code': recovery.code,
      'recovery link token': recovery.linkToken,
      'reset token': recovery.resetToken,
      'activation link token': pro.activationToken,
      "professional's security answer": PRO_SECURITY_ANSWER,
      "professional's security code": PRO_SECURITY_CODE,
    };
    if (parent.receiptLinkToken)
      secrets["the receipt's credentials link"] = parent.receiptLinkToken;

    // The emails really carried them: SMTP got the whole bodies.
    const sent = delivered.map((m) => m.text).join('\n');
    for (const key of [
      "the co-parent's invite token",
      'recovery code',
      'recovery link token',
      'activation link token',
    ] as const) {
      expect(sent, key).toContain(secrets[key]);
    }
    // Every delivery has finished (each row sent), so the stored bodies are gone.
    await vi.waitFor(async () => {
      const rows = await query<{ count: number }>(
        sql`select count(*)::int as count from email_outbox where sent_at is null`,
      );
      expect(Number(rows[0]?.count)).toBe(0);
    });

    // Each emailed link opened in a browser: the token is in the query string of the request, and
    // in the Referer of the page's first API call.
    const opened = delivered.flatMap((m) => m.text.match(/https:\/\/\S+\?token=[\w-]+/g) ?? []);
    expect(opened.length).toBeGreaterThanOrEqual(3);
    for (const link of opened) {
      await app.inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
      await app.inject({ method: 'GET', url: '/v2/account/session', headers: { referer: link } });
    }

    expect(logs.lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(
      10,
    );
    expectNoSecret('the log', logs.text(), secrets);
    expectNoSecret('the log', logs.text(), { 'sandbox card nonce': parent.nonce });
    expectNoSecret('the database after delivery', await wholeDatabase(), secrets);
    // The local gateway's own record of its card nonce (Braintree keeps its nonces on its side):
    // used once, then only purged.
    const nonces = await query<{ consumed: boolean }>(
      sql`select consumed_at is not null as consumed from sandbox_nonces where nonce = ${parent.nonce}`,
    );
    expect(nonces).toEqual([{ consumed: true }]);
    secrets['sandbox card nonce'] = parent.nonce;

    // A month later every link has expired and the purge has run: no outbox row with secrets.
    clock = new Date(clock.getTime() + 30 * DAY);
    await app.purge.purgeExpired();
    const left = await query<{ count: number }>(
      sql`select count(*)::int as count from email_outbox where secrets_expire_at is not null`,
    );
    expect(Number(left[0]?.count)).toBe(0);
    expectNoSecret('the database after the purge', await wholeDatabase(), secrets);
    expectNoSecret('the log after the purge', logs.text(), secrets);
  });
});
