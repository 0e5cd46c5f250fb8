import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_WEBHOOK_PATHS } from '../../adapters/sms/twilio.js';
import type { App } from '../../app.js';
import { emailOutbox, familyMembers, invites } from '../../db/schema.js';
import { hashSecret } from '../../security/hash.js';
import { type LoggedInParent, loggedInParent, uniqueUsername } from '../../test/signup-fixtures.js';
import {
  fakeTransport,
  phoneOnlySignupReadyToPay,
  providerSmsSender,
  signedTwilioPost,
  TWILIO_TEST_ENV,
  uniqueMexicanPhone,
} from '../../test/sms-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { insertCredentials } from '../account/repo.js';
import { INVITE_NEW_LINK_TEMPLATE } from '../email/templates/invite-new-link.js';

/**
 * Where Parent A's co-parent stands on the account home (invited, joined, not reached), and the
 * emailed invitation sent again from it with a new link, within the invite module's limits.
 */

const ENV = {
  ...TWILIO_TEST_ENV,
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};
const RESEND = '/v2/account/coparent-invitation-email';
/** Past the invite module's interval between two new links (INVITE_REQUEST_INTERVAL_SECONDS). */
const PAST_INTERVAL_MS = 61_000;

describe.each(BACKENDS)("the co-parent's status on the account home on %s", (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = new Date();
  const fake = fakeTransport();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: ENV,
      now: () => clock,
      smsSender: providerSmsSender(ctx.database.db, fake.transport, () => clock),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const home = async (parent: LoggedInParent, language = 'en') => {
    const res = await app.inject({
      method: 'GET',
      url: '/v2/account/home',
      headers: { cookie: parent.cookie, language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const resend = (cookie: string, language = 'en') =>
    app.inject({ method: 'POST', url: RESEND, headers: { cookie, language } });
  const coParentOf = async (parent: LoggedInParent) => {
    const [me] = await ctx.database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.userId, parent.userId));
    const [coParent] = await ctx.database.db
      .select()
      .from(familyMembers)
      .where(
        and(eq(familyMembers.familyId, me?.familyId ?? ''), eq(familyMembers.role, 'CO_PARENT')),
      );
    if (!coParent?.userId) throw new Error('no co-parent user');
    return { ...coParent, userId: coParent.userId };
  };
  const join = async (userId: string) =>
    insertCredentials(
      ctx.database.db,
      { userId, username: uniqueUsername('coparent'), passwordHash: await hashSecret('x') },
      clock,
    );
  const liveInvites = (familyMemberId: string) =>
    ctx.database.db
      .select()
      .from(invites)
      .where(and(eq(invites.familyMemberId, familyMemberId), isNull(invites.revokedAt)));
  const newLinkEmailsTo = (address: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, INVITE_NEW_LINK_TEMPLATE)),
      );

  /** Runs `body` with the clock moved on by `ms`, then puts it back. */
  async function later<T>(ms: number, body: () => Promise<T>): Promise<T> {
    const start = clock;
    clock = new Date(start.getTime() + ms);
    try {
      return await body();
    } finally {
      clock = start;
    }
  }

  it('says INVITED by email with when, then JOINED with when once they made their login', async () => {
    const parent = await loggedInParent(app);
    const status = (await home(parent)).coParentStatus;
    expect(status).toMatchObject({
      state: 'INVITED',
      firstName: 'Bruno',
      email: expect.stringContaining('@'),
      byText: false,
      joinedAt: null,
    });
    expect(Date.parse(status.invitedAt)).not.toBeNaN();
    // The existing text card stays silent for an emailed invitation.
    expect((await home(parent)).coParentText).toBeNull();

    const coParent = await coParentOf(parent);
    await later(3_600_000, () => join(coParent.userId));
    const joined = (await home(parent)).coParentStatus;
    expect(joined).toMatchObject({ state: 'JOINED', invitedAt: status.invitedAt });
    expect(Date.parse(joined.joinedAt) - Date.parse(status.invitedAt)).toBe(3_600_000);
  });

  it('says INVITED by text, and NOT_REACHED once the text failed or the number opted out', async () => {
    const phone = uniqueMexicanPhone();
    const ready = await phoneOnlySignupReadyToPay(app, { coParentPhone: phone.national });
    const parent = await loggedInParent(app, 'en', ready);
    await app.smsSender.close();
    expect((await home(parent)).coParentStatus).toMatchObject({
      state: 'INVITED',
      email: null,
      byText: true,
    });
    await app.inject(
      signedTwilioPost(TWILIO_WEBHOOK_PATHS.inbound, { From: phone.e164, Body: 'STOP' }),
    );
    expect((await home(parent)).coParentStatus).toMatchObject({ state: 'NOT_REACHED' });
  });

  it('emails the invitation again with a new link that replaces the old', async () => {
    const parent = await loggedInParent(app);
    const coParent = await coParentOf(parent);
    const [before] = await liveInvites(coParent.id);
    const email = (await home(parent)).coParentStatus.email;

    const res = await later(PAST_INTERVAL_MS, () => resend(parent.cookie));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ sentTo: email });

    const live = await liveInvites(coParent.id);
    expect(live).toHaveLength(1);
    expect(live[0]?.id).not.toBe(before?.id);
    expect(await newLinkEmailsTo(email)).toHaveLength(1);
  });

  it('refuses a second one within the interval, in both languages, sending nothing', async () => {
    const parent = await loggedInParent(app, 'es-MX');
    const email = (await home(parent)).coParentStatus.email;
    // The payment's own invitation was just issued: the invite module's interval applies.
    const soon = await resend(parent.cookie, 'es-MX');
    expect(soon.statusCode, soon.body).toBe(409);
    expect(soon.json().validationErrors[0]).toMatchObject({ field: 'form', type: 'ERROR' });
    expect(soon.json().validationErrors[0].text).toMatch(/^Se acaba de enviar un nuevo enlace/);
    const english = await resend(parent.cookie, 'en');
    expect(english.json().validationErrors[0].text).toMatch(/^A new invitation link was sent/);
    expect(await newLinkEmailsTo(email)).toHaveLength(0);
    expect((await later(PAST_INTERVAL_MS, () => resend(parent.cookie))).statusCode).toBe(200);
    // Invited in Parent A's Spanish, the co-parent gets the new link in Spanish too.
    expect(await newLinkEmailsTo(email)).toEqual([expect.objectContaining({ locale: 'es-MX' })]);
  });

  it('refuses once the co-parent has joined (409), sending nothing', async () => {
    const parent = await loggedInParent(app);
    const coParent = await coParentOf(parent);
    await join(coParent.userId);
    const res = await later(PAST_INTERVAL_MS, () => resend(parent.cookie));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().validationErrors[0].text).toMatch(/already joined/);
    expect(await newLinkEmailsTo((await home(parent)).coParentStatus.email)).toHaveLength(0);
  });

  it('only for that family’s own Parent A: another parent’s call changes nothing, none logged out', async () => {
    const parent = await loggedInParent(app);
    const coParent = await coParentOf(parent);
    expect((await resend('')).statusCode).toBe(401);

    // A Parent A whose co-parent has no email: nothing to email, and their family is untouched.
    const ready = await phoneOnlySignupReadyToPay(app, {
      coParentPhone: uniqueMexicanPhone().national,
    });
    const textOnly = await loggedInParent(app, 'en', ready);
    await app.smsSender.close();
    const refused = await later(PAST_INTERVAL_MS, () => resend(textOnly.cookie));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().validationErrors[0].text).toMatch(/no invitation by email/);

    expect(await liveInvites(coParent.id)).toHaveLength(1);
    const [before] = await liveInvites(coParent.id);
    await later(PAST_INTERVAL_MS, () => resend(textOnly.cookie));
    expect((await liveInvites(coParent.id))[0]?.id).toBe(before?.id);
  });

  it('publishes the call in the contract with its 4xx answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: object }>>;
    };
    const call = doc.paths[RESEND]?.post;
    expect(call?.tags).toEqual(['account']);
    expect(Object.keys(call?.responses ?? {}).sort()).toEqual(['200', '401', '409']);
  });
});
