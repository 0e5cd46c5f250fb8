import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOutboxEmail, insertOutboxEmail } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import {
  credentialsTokens,
  emailOutbox,
  invites,
  passwordResets,
  sandboxNonces,
  sessions,
  signupChildren,
  signupOrders,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  getSignup,
  paymentRequest,
  paySignup,
  postPayment,
  signupAtStep3,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { findSignupById } from '../signup/repo.js';

const HOUR = 3_600_000;

const ENV = {
  SIGNUP_TTL_HOURS: '72',
  SIGNUP_PURGE_AFTER_HOURS: '24',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

describe.each(BACKENDS)('scheduled purge of expired rows on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A payment the sandbox declines: the signup stays unfinished but a payment refers to it. */
  async function declinedPayment(signup: TestSignup) {
    const body = await paymentRequest(app, signup, {
      payment: { nonce: 'fake-processor-declined-visa-nonce' },
    });
    const res = await postPayment(app, signup, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  }

  it('deletes signups expired past the grace period, with their rows, and keeps the rest', async () => {
    clock = new Date();
    const old = await signupAtStep3(app);
    const paid = await signupReadyToPay(app);
    await paySignup(app, paid);
    const declined = await signupReadyToPay(app);
    await declinedPayment(declined);

    // 72 h of life + 24 h of grace later: expired long enough. A signup created now is live.
    clock = new Date(Date.now() + 97 * HOUR);
    const live = await signupAtStep3(app);
    // One that expired only an hour ago keeps answering SIGNUP_EXPIRED for the grace period.
    clock = new Date(Date.now() + 97 * HOUR - 73 * HOUR);
    const recentlyExpired = await signupAtStep3(app);
    clock = new Date(Date.now() + 97 * HOUR);

    expect((await app.purge.purgeExpired()).signups).toBeGreaterThanOrEqual(1);

    const { db } = ctx.database;
    expect(await findSignupById(db, old.signupId)).toBeUndefined();
    expect(
      await db.select().from(signupChildren).where(eq(signupChildren.signupId, old.signupId)),
    ).toEqual([]);
    expect(
      await db.select().from(signupOrders).where(eq(signupOrders.signupId, old.signupId)),
    ).toEqual([]);
    const gone = await getSignup(app, old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'SIGNUP_NOT_FOUND' });

    expect(await findSignupById(db, live.signupId)).toBeDefined();
    expect((await getSignup(app, live)).statusCode).toBe(200);
    expect((await getSignup(app, recentlyExpired)).json()).toMatchObject({
      code: 'SIGNUP_EXPIRED',
    });
    // A purchase's signup and one a payment attempt refers to are history, never purged.
    expect(await findSignupById(db, paid.signupId)).toBeDefined();
    expect(await findSignupById(db, declined.signupId)).toBeDefined();

    // Nothing left to purge: a second run deletes nothing.
    expect((await app.purge.purgeExpired()).signups).toBe(0);
  });

  it('deletes sessions, credentials tokens, recoveries and card nonces expired past the grace period', async () => {
    clock = new Date();
    const paid = await paySignup(app, await signupReadyToPay(app));
    const userId = paid.registration.parent.userId;
    const { db } = ctx.database;
    const longAgo = new Date(clock.getTime() - 25 * HOUR);
    const anHourAgo = new Date(clock.getTime() - HOUR);
    const later = new Date(clock.getTime() + HOUR);
    const token = (name: string) => hashToken(`${name}-${userId}`);

    for (const [name, expiresAt] of [
      ['old', longAgo],
      ['recent', anHourAgo],
      ['live', later],
    ] as const) {
      await db.insert(sessions).values({ tokenHash: token(`session-${name}`), userId, expiresAt });
      await db
        .insert(credentialsTokens)
        .values({ tokenHash: token(`credentials-${name}`), userId, expiresAt });
      await db.insert(passwordResets).values({
        userId,
        linkTokenHash: token(`link-${name}`),
        codeHash: 'not-a-code',
        expiresAt,
      });
      await db.insert(sandboxNonces).values({
        nonce: `nonce-${name}-${userId}`,
        paymentInstrumentType: 'credit_card',
        behaviour: 'SUCCESS',
        cvvResponseCode: 'M',
        avsPostalCodeResponseCode: 'M',
        expiresAt,
      });
    }

    const counts = await app.purge.purgeExpired();
    expect(counts).toMatchObject({
      sessions: 1,
      credentialsTokens: 1,
      passwordResets: 1,
      sandboxNonces: 1,
    });
    // The one expired long ago is gone; within the grace period or still live, kept.
    const ownHashes = async (table: typeof sessions | typeof credentialsTokens) =>
      (await db.select({ tokenHash: table.tokenHash }).from(table).where(eq(table.userId, userId)))
        .map((row) => row.tokenHash)
        .sort();
    expect(await ownHashes(sessions)).toEqual(
      [token('session-recent'), token('session-live')].sort(),
    );
    // The payment's own credentials token (live) stays beside the two kept here.
    expect(await ownHashes(credentialsTokens)).not.toContain(token('credentials-old'));
    expect(await ownHashes(credentialsTokens)).toEqual(
      expect.arrayContaining([token('credentials-recent'), token('credentials-live')]),
    );
    const resets = await db
      .select({ hash: passwordResets.linkTokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId));
    expect(resets.map((row) => row.hash).sort()).toEqual(
      [token('link-recent'), token('link-live')].sort(),
    );
    const nonces = (await db.select({ nonce: sandboxNonces.nonce }).from(sandboxNonces))
      .map((row) => row.nonce)
      .filter((nonce) => nonce.endsWith(userId));
    expect(nonces.sort()).toEqual([`nonce-live-${userId}`, `nonce-recent-${userId}`]);

    expect(await app.purge.purgeExpired()).toMatchObject({
      sessions: 0,
      credentialsTokens: 0,
      passwordResets: 0,
      sandboxNonces: 0,
    });
  });
  it('deletes outbox emails once their links are past expiry and grace, and keeps emails without secrets', async () => {
    clock = new Date();
    const paid = await paySignup(app, await signupReadyToPay(app));
    const { db } = ctx.database;
    const [invite] = await db
      .select({ email: invites.email, expiresAt: invites.expiresAt })
      .from(invites)
      .where(eq(invites.invitedByUserId, paid.registration.parent.userId));
    const emailTo = async (address: string) =>
      (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)))[0];
    const invitation = await emailTo(invite?.email ?? '');
    const notice = await insertOutboxEmail(db, {
      to: paid.registration.parent.email,
      template: 'account-exists-notice',
      locale: 'en',
      subject: 'Someone tried to sign up with your email',
      text: 'No link in here.',
      secretsExpireAt: null,
    });
    // The invitation's row knows when its link dies.
    expect(invitation?.secretsExpireAt).toEqual(invite?.expiresAt);
    expect(invitation?.textBody).toMatch(/token=/);
    const expiresAt = invitation?.secretsExpireAt ?? clock;

    // Expired, but within the grace period: the local mailbox still shows the dead link.
    clock = new Date(expiresAt.getTime() + 23 * HOUR);
    await app.purge.purgeExpired();
    expect(await findOutboxEmail(db, invitation?.id ?? '')).toBeDefined();

    clock = new Date(expiresAt.getTime() + 25 * HOUR);
    expect((await app.purge.purgeExpired()).outboxEmails).toBeGreaterThanOrEqual(1);
    expect(await findOutboxEmail(db, invitation?.id ?? '')).toBeUndefined();
    expect(await findOutboxEmail(db, notice.id)).toBeDefined();
  });
});
