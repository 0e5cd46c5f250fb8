import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import { emailOutbox } from '../db/schema.js';
import { seedInviteScenario } from '../modules/invite/scenarios.js';
import {
  priceSignup,
  signupReadyToPay,
  TEST_PASSWORD,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import {
  buildTestApp,
  captureLogs,
  useTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../test/test-app.js';

/**
 * The captured log of a whole funnel — Parent A from signup to login, an invited co-parent's
 * security answer, code and credentials, a password reset — holds none of the secrets typed or
 * handed out on the way, and no email address. Logged at `trace`, the most an operator can ask.
 */

const PUBLIC_URL = 'https://join.example.test';
const ENV = { ...WHOLE_FUNNEL_RATE_LIMITS, LOG_LEVEL: 'trace', PUBLIC_URL };

const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const CARD_NUMBER = '4111 1111 1111 1111';
const SECURITY_ANSWER = 'Velvet Kumquat';
const SECURITY_CODE = '8642';
const COPARENT_PASSWORD = 'Tr1cky-Lantern-93';
const WRONG_PASSWORD = 'Wrong-Guess-4417';
const NEW_PASSWORD = 'Quiet-Meadow-97';
const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(\.[\w-]+)+/;

/** A short numeric secret appears only as its own token, not inside ids or timings. */
const standalone = (digits: string) => new RegExp(`(?<![\\w.])${digits}(?![\\w.])`);

describe('the log of a whole funnel', () => {
  const ctx = useTestDatabase('pglite');
  const logs = captureLogs();
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, logStream: logs.stream });
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
    return res.json() as Record<string, string>;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Parent A: steps 1–3, billing, a sandbox card, credentials, a failed and a good login. */
  async function parentA() {
    const signup = await signupReadyToPay(app);
    const { nonce = '' } = await post('/v2/payment/sandbox/tokenize', {
      number: CARD_NUMBER,
      expirationDate: `12/${NEXT_YEAR}`,
      cvv: '123',
      postalCode: '73301',
    });
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
      { 'x-registration-key': signup.registrationKey, 'idempotency-key': `log-${signup.signupId}` },
    );
    const credentialsToken = paid.clickToJoinToken ?? '';
    const username = uniqueUsername();
    await post('/v2/credentials', { username, password: TEST_PASSWORD }, bearer(credentialsToken));
    const login = { username, submit: 'Sign In', eventId: 'submit' };
    const refused = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { ...login, password: WRONG_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    await post('/v2/login', { ...login, password: TEST_PASSWORD });
    return { signup, nonce, credentialsToken, username };
  }

  /** A paid-for co-parent: security answer and code, then credentials through a minted token. */
  async function invitedCoParent() {
    const invite = await seedInviteScenario('paid-coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: PUBLIC_URL,
      inviteTtlDays: 14,
    });
    const current = await app.inject({
      method: 'GET',
      url: '/v2/invites/current',
      headers: bearer(invite.token),
    });
    const { userId } = current.json() as { userId: string };
    const saved = await app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: bearer(invite.token),
      payload: {
        sections: ['SECURITY_QUESTION', 'SECURITY_CODE'],
        securityQuestion: 'Favourite fruit?',
        securityAnswer: SECURITY_ANSWER,
        securityCode: SECURITY_CODE,
        confirmCode: SECURITY_CODE,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Credentials come after step 1 and the billing address of the paid subscription.
    const step1 = await app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: bearer(invite.token),
      payload: {
        sections: ['PARENT'],
        parent: {
          userId,
          firstName: 'Bruno',
          lastName: 'López',
          email: invite.coParentEmail,
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125559876',
        },
      },
    });
    expect(step1.statusCode, step1.body).toBe(200);
    const billing = await app.inject({
      method: 'PATCH',
      url: `/v2/users/${userId}`,
      headers: bearer(invite.token),
      payload: {
        sections: ['PARENT', 'ADDRESS'],
        parent: { userId, timeZone: 'America/Chicago' },
        address: {
          line1: '9 Elm St',
          city: 'Austin',
          region: 'TX',
          postalCode: '73301',
          country: 'US',
        },
      },
    });
    expect(billing.statusCode, billing.body).toBe(200);
    const minted = await post(`/v2/users/${userId}/credentials-token`, {}, bearer(invite.token));
    const credentialsToken = minted.clickToJoinToken ?? '';
    await post(
      '/v2/credentials',
      { username: uniqueUsername('coparent'), password: COPARENT_PASSWORD },
      bearer(credentialsToken),
    );
    return { inviteToken: invite.token, credentialsToken };
  }

  /** Parent A's password reset: the emailed code, then the reset token it gives. */
  async function passwordReset(email: string) {
    const { recoveryId = '' } = await post('/v2/account/recovery', { email });
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'password-reset'));
    const code = /: (\d{6})\n/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const { resetToken = '' } = await post('/v2/account/recovery/verify', {
      recoveryId,
      verificationCode: code,
    });
    await post('/v2/account/recovery/reset', {
      resetToken,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    return { code, resetToken };
  }

  /** Every token an email handed out (invite links, the recovery link). */
  async function emailedTokens(): Promise<string[]> {
    const rows = await ctx.database.db.select().from(emailOutbox);
    return rows.flatMap((row) =>
      [...(row.textBody ?? '').matchAll(/token=([\w-]+)/g)].map((match) => match[1] ?? ''),
    );
  }

  it('holds no password, answer, code, token, card data or email address', async () => {
    const parent = await parentA();
    const coParent = await invitedCoParent();
    const reset = await passwordReset(parent.signup.email);
    const tokens = await emailedTokens();
    expect(tokens.length).toBeGreaterThan(1);

    // Every line carries the process id and the time: numbers that can spell a short code by
    // chance (a CI run's worker was pid 8642, the security code), so they are left out.
    const text = logs.text().replace(/"(pid|time)":\d+/g, '"$1":0');
    // The log is really there: every call above was logged.
    expect(logs.lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(
      20,
    );

    const secrets: Record<string, string> = {
      'Parent A password': TEST_PASSWORD,
      'wrong password': WRONG_PASSWORD,
      'co-parent password': COPARENT_PASSWORD,
      'new password': NEW_PASSWORD,
      'security answer': SECURITY_ANSWER,
      'security answer, case-folded': SECURITY_ANSWER.toLowerCase(),
      'registration key': parent.signup.registrationKey,
      'card number': CARD_NUMBER,
      'card number, digits': CARD_NUMBER.replaceAll(' ', ''),
      nonce: parent.nonce,
      "Parent A's credentials token": parent.credentialsToken,
      "co-parent's credentials token": coParent.credentialsToken,
      'invite token': coParent.inviteToken,
      'reset token': reset.resetToken,
    };
    tokens.forEach((token, i) => {
      secrets[`emailed token ${i + 1}`] = token;
    });
    for (const [label, secret] of Object.entries(secrets)) {
      expect(secret.length, label).toBeGreaterThan(3);
      expect(text.includes(secret), `${label} is in the log`).toBe(false);
    }
    expect(text, 'security code').not.toMatch(standalone(SECURITY_CODE));
    expect(text, 'recovery code').not.toMatch(standalone(reset.code));
    expect(EMAIL_ADDRESS.exec(text)?.[0], 'an email address').toBeUndefined();
  });
});
