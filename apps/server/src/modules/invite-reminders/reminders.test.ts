import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import {
  emailOutbox,
  inviteReminders,
  invites,
  smsOutbox,
  userCredentials,
} from '../../db/schema.js';
import { hashToken } from '../../security/tokens.js';
import {
  billingBody,
  createSignup,
  paySignup,
  saveBilling,
  savePackage,
  signupReadyToPay,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { markInvitesAccepted } from '../accounts/repo.js';
import { createInvitationReminders } from './reminders.js';

const DAY = 86_400_000;
const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};
const LINK = /https:\/\/join\.example\.test\/app\/join\/invite\?token=([\w-]{43})/;

describe.each(BACKENDS)('invitation reminders on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A paid signup whose co-parent was invited by email at `clock`: its invite and address. */
  async function invitedCoParent(language = 'en') {
    const signup = await signupReadyToPay(app);
    const paid = await paySignup(app, signup, language);
    const [invite] = await ctx.database.db
      .select()
      .from(invites)
      .where(eq(invites.invitedByUserId, paid.registration.parent.userId));
    if (!invite?.email) throw new Error('no invitation');
    return invite;
  }

  const remindersTo = (email: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'invitation-reminder')))
      .orderBy(emailOutbox.createdAt);

  const liveInvites = async (familyMemberId: string) =>
    (
      await ctx.database.db.select().from(invites).where(eq(invites.familyMemberId, familyMemberId))
    ).filter((row) => row.revokedAt === null);

  it('reminds once at 3 days and once at 7, then never again, each with a new link', async () => {
    clock = Date.now();
    const invite = await invitedCoParent();
    const email = invite.email ?? '';
    const start = clock;

    clock = start + 2 * DAY;
    await app.invitationReminders.runOnce();
    expect(await remindersTo(email)).toEqual([]);

    clock = start + 3 * DAY + 60_000;
    await app.invitationReminders.runOnce();
    const [first, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      locale: 'en',
      subject: 'Ana López is still waiting for you on CoParent Hub',
    });
    expect(first?.secretsExpireAt).toEqual(invite.expiresAt);
    // The new link is the one live invite; the first link is replaced (and can ask again).
    const token = first?.textBody?.match(LINK)?.[1] ?? '';
    const [live, ...others] = await liveInvites(invite.familyMemberId);
    expect(others).toEqual([]);
    expect(live?.tokenHash).toBe(hashToken(token));
    expect(live?.expiresAt).toEqual(invite.expiresAt);
    const [old] = await ctx.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(old?.replacedByInviteId).toBe(live?.id);

    // The same day again: nothing.
    clock = start + 3 * DAY + 3_600_000;
    await app.invitationReminders.runOnce();
    expect(await remindersTo(email)).toHaveLength(1);

    clock = start + 7 * DAY + 60_000;
    await app.invitationReminders.runOnce();
    expect(await remindersTo(email)).toHaveLength(2);
    clock = start + 8 * DAY;
    await app.invitationReminders.runOnce();
    clock = start + 30 * DAY;
    await app.invitationReminders.runOnce();
    expect(await remindersTo(email)).toHaveLength(2);
    const rounds = await ctx.database.db
      .select({ round: inviteReminders.round })
      .from(inviteReminders)
      .where(eq(inviteReminders.familyMemberId, invite.familyMemberId));
    expect(rounds.map((row) => row.round).sort()).toEqual([1, 2]);
  });

  it('writes in the inviting parent language', async () => {
    clock = Date.now();
    const invite = await invitedCoParent('es-MX');
    clock += 3 * DAY + 60_000;
    await app.invitationReminders.runOnce();
    const [reminder] = await remindersTo(invite.email ?? '');
    expect(reminder).toMatchObject({
      locale: 'es-MX',
      subject: 'Ana López todavía te espera en CoParent Hub',
    });
    expect(reminder?.textBody).toContain('Tu invitación sigue abierta.');
  });

  it('does not remind a co-parent who has joined, nor one whose invitation expired', async () => {
    clock = Date.now();
    const joined = await invitedCoParent();
    const { db } = ctx.database;
    await db.insert(userCredentials).values({
      userId: joined.userId ?? '',
      username: `joined${clock}`,
      usernameKey: `joined${clock}`,
      passwordHash: 'not-a-hash',
    });
    await markInvitesAccepted(db, joined.userId ?? '', now());
    const expired = await invitedCoParent();
    await db
      .update(invites)
      .set({ expiresAt: new Date(clock + DAY) })
      .where(eq(invites.id, expired.id));

    clock += 3 * DAY + 60_000;
    await app.invitationReminders.runOnce();
    expect(await remindersTo(joined.email ?? '')).toEqual([]);
    expect(await remindersTo(expired.email ?? '')).toEqual([]);
  });

  it('texts the reminder to a co-parent who was invited by text', async () => {
    clock = Date.now();
    const national = `55${String(clock % 100_000_000).padStart(8, '0')}`;
    const signup = await createSignup(app, {
      email: uniqueEmail('texted'),
      knowsCoParentEmail: false,
    });
    const family = await app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: {
        sections: ['FAMILY'],
        coParent: {
          firstName: 'Bruno',
          lastName: 'López',
          email: '',
          phoneCountryCode: 'MEXICO',
          phoneNumber: national,
        },
        children: [{ firstName: 'Carla', lastName: 'López' }],
      },
    });
    expect(family.statusCode, family.body).toBe(200);
    expect((await savePackage(app, signup, { order: { packageId: 3003 } })).statusCode).toBe(200);
    expect((await saveBilling(app, signup, billingBody(), 'es-MX')).statusCode).toBe(200);
    await paySignup(app, signup, 'es-MX');

    clock += 3 * DAY + 60_000;
    await app.invitationReminders.runOnce();
    const texts = await ctx.database.db
      .select()
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.toNumber, `+52${national}`),
          eq(smsOutbox.template, 'invitation-reminder-text'),
        ),
      );
    expect(texts).toHaveLength(1);
    expect(texts[0]?.locale).toBe('es-MX');
    expect(texts[0]?.body).toMatch(/^CoParent Hub: Ana todavía te espera/);
    expect(texts[0]?.body).toMatch(LINK);
  });

  it('sends once when two instances run the reminders at the same time', async () => {
    clock = Date.now();
    const invite = await invitedCoParent();
    const other = await buildTestApp(ctx.database, { env: ENV, now });
    try {
      clock += 3 * DAY + 60_000;
      // Under the advisory lock (the scheduled passes)...
      await Promise.all([app.invitationReminders.runOnce(), other.invitationReminders.runOnce()]);
      expect(await remindersTo(invite.email ?? '')).toHaveLength(1);
      // ...and without it: the row claim alone keeps each round to one sender.
      clock += 4 * DAY;
      const passes = [app, other].map((instance) =>
        createInvitationReminders({
          db: ctx.database.db,
          mailer: instance.mailer,
          smsSender: instance.smsSender,
          now,
          log: pino({ level: 'silent' }),
          publicUrl: 'https://join.example.test',
        }).remindDue(),
      );
      await Promise.all(passes);
      expect(await remindersTo(invite.email ?? '')).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
