import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import { emailOutbox } from '../db/schema.js';
import { seedInviteScenario } from '../modules/invite/scenarios.js';
import {
  createSignup,
  getSignup,
  loggedInParent,
  paySignup,
  signupReadyToPay,
  TEST_PASSWORD,
  uniqueUsername,
} from '../test/signup-fixtures.js';
import { buildTestApp, useTestDatabase, WHOLE_FUNNEL_RATE_LIMITS } from '../test/test-app.js';

/**
 * The four secrets a browser holds — registration key, invite token, credentials token, reset
 * token — refused when wrong, expired, already used (single-use ones) or another person's, with
 * one and the same answer per token, so a caller cannot tell which case it hit.
 */

const PUBLIC_URL = 'https://join.example.test';
const ENV = { ...WHOLE_FUNNEL_RATE_LIMITS, PUBLIC_URL, INVITE_REQUEST_INTERVAL_SECONDS: '0' };
const MONTH_MS = 31 * 86_400_000;
const NEW_PASSWORD = 'Quiet-Meadow-97';

const randomToken = () => randomBytes(32).toString('base64url');

/** What a caller can compare between two refusals: status, content type and body. */
function refusal(res: LightMyRequestResponse) {
  const { requestId, ...body } = res.json() as Record<string, unknown>;
  // Each answer names its own request (as its header does); everything else must match.
  expect(requestId).toBe(res.headers['x-request-id']);
  return { status: res.statusCode, contentType: res.headers['content-type'], body };
}

describe('refused tokens', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  let clock = Date.now();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: Record<string, unknown>, headers = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  /** Each case's answer: all must be the same refusal. */
  function expectOneRefusal(
    cases: Record<string, LightMyRequestResponse>,
    expected: { status: number; code: string },
  ) {
    const answers = Object.entries(cases).map(([label, res]) => ({ label, ...refusal(res) }));
    for (const { label, status, body } of answers) {
      expect({ label, status, code: body.code }).toEqual({ label, ...expected });
    }
    const [first, ...rest] = answers;
    for (const { label, ...answer } of rest) {
      expect(answer, `${label} answers like ${first?.label}`).toEqual({
        status: first?.status,
        contentType: first?.contentType,
        body: first?.body,
      });
    }
  }

  it('the registration key: wrong, another signup’s, or a wrong one on an expired signup', async () => {
    const mine = await createSignup(app);
    const other = await createSignup(app);
    const expiring = await createSignup(app);
    const wrong = await getSignup(app, { ...mine, registrationKey: randomToken() });
    const others = await getSignup(app, { ...mine, registrationKey: other.registrationKey });
    clock += MONTH_MS;
    const expired = await getSignup(app, { ...expiring, registrationKey: randomToken() });
    expectOneRefusal(
      { wrong, "another signup's": others, 'expired and wrong': expired },
      { status: 403, code: 'REGISTRATION_KEY_INVALID' },
    );
  });

  it('the invite token: wrong, expired, replaced by a new link, or another user’s id', async () => {
    const deps = {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: PUBLIC_URL,
      inviteTtlDays: 14,
      now: () => new Date(clock),
    };
    const expiring = await seedInviteScenario('coparent-invite', deps);
    clock += MONTH_MS;
    const replaced = await seedInviteScenario('coparent-invite', deps);
    const asked = await post('/v2/invites/request', {}, bearer(replaced.token));
    expect(asked.statusCode, asked.body).toBe(200);
    const current = (token: string) =>
      app.inject({ method: 'GET', url: '/v2/invites/current', headers: bearer(token) });
    expectOneRefusal(
      {
        wrong: await current(randomToken()),
        expired: await current(expiring.token),
        replaced: await current(replaced.token),
      },
      { status: 403, code: 'INVITE_INVALID' },
    );

    // A valid token with another user's id: the same answer whether that user exists or not.
    const mine = await seedInviteScenario('coparent-invite', deps);
    const other = await seedInviteScenario('coparent-invite', deps);
    const otherId = (await current(other.token)).json().userId as string;
    const asUser = (userId: string) =>
      app.inject({ method: 'GET', url: `/v2/users/${userId}`, headers: bearer(mine.token) });
    expectOneRefusal(
      {
        "another user's id": await asUser(otherId),
        'an unknown id': await asUser('00000000-0000-4000-8000-000000000000'),
      },
      { status: 403, code: 'INVITE_USER_MISMATCH' },
    );
  });

  it('the credentials token: wrong, expired or already used', async () => {
    const setCredentials = (token: string) =>
      post(
        '/v2/credentials',
        { username: uniqueUsername(), password: TEST_PASSWORD },
        bearer(token),
      );
    const expiring = await paySignup(app, await signupReadyToPay(app));
    clock += MONTH_MS;
    const expired = await setCredentials(expiring.clickToJoinToken);
    const used = await paySignup(app, await signupReadyToPay(app));
    expect((await setCredentials(used.clickToJoinToken)).statusCode).toBe(200);
    expectOneRefusal(
      {
        wrong: await setCredentials(randomToken()),
        expired,
        'already used': await setCredentials(used.clickToJoinToken),
      },
      { status: 401, code: 'CREDENTIALS_TOKEN_INVALID' },
    );
  });

  it('the reset token: wrong, expired or already used', async () => {
    /** A recovery of the parent's password, verified with the emailed code: its reset token. */
    async function resetTokenFor(email: string): Promise<string> {
      const asked = await post('/v2/account/recovery', { email });
      const { recoveryId } = asked.json() as { recoveryId: string };
      const [mail] = await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .orderBy(desc(emailOutbox.createdAt));
      const code = /: (\d{6})\n/.exec(mail?.textBody ?? '')?.[1] ?? '';
      const verified = await post('/v2/account/recovery/verify', {
        recoveryId,
        verificationCode: code,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      return (verified.json() as { resetToken: string }).resetToken;
    }
    const reset = (resetToken: string) =>
      post('/v2/account/recovery/reset', {
        resetToken,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });

    const expiring = await resetTokenFor((await loggedInParent(app)).email);
    clock += MONTH_MS;
    const expired = await reset(expiring);
    const used = await resetTokenFor((await loggedInParent(app)).email);
    expect((await reset(used)).statusCode).toBe(200);
    expectOneRefusal(
      { wrong: await reset(randomToken()), expired, 'already used': await reset(used) },
      { status: 410, code: 'RECOVERY_INVALID' },
    );
  });
});
