import { randomBytes } from 'node:crypto';
import { CreateCaseRequestSchema, phoneNumberE164 } from '@coparent/domain';
import { desc, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { smsOutbox } from '../../db/schema.js';
import { inviteUrl } from '../accounts/invite-link.js';
import { createProfessionalUser } from '../accounts/provision.js';
import { createCasesService } from '../cases/service.js';

/**
 * Demo invitations (`npm run seed -w apps/server -- --scenario <name>`, and one of each on an
 * empty non-production database at start-up):
 * - `coparent-invite`: Parent A paid for themselves only: the co-parent chooses a package and pays;
 * - `paid-coparent-invite`: Parent A paid for the co-parent too: the co-parent goes to credentials;
 * - `pro-invite`: a family a family-law professional set up (the cases service of My Cases): the
 *   welcome page says '{pro} invited you to join';
 * - `texted-coparent-invite`: as `coparent-invite`, but Parent A knew only the co-parent's phone:
 *   the invitation is a text (the local mailbox shows it).
 * The first two and the last go through the real API (signup, family, package, billing, payment with the
 * sandbox's fake-valid-nonce), so their links are exactly what a real payment emails.
 */
export const INVITE_SCENARIOS = [
  'coparent-invite',
  'paid-coparent-invite',
  'pro-invite',
  'texted-coparent-invite',
] as const;
export type InviteScenario = (typeof INVITE_SCENARIOS)[number];

export function isInviteScenario(value: string): value is InviteScenario {
  return (INVITE_SCENARIOS as readonly string[]).includes(value);
}

export type ScenarioResult = {
  scenario: InviteScenario;
  link: string;
  token: string;
  /** The co-parent's email, or '' for one known only by phone. */
  coParentEmail: string;
  /** The number the invitation was texted to (E.164), for a co-parent known only by phone. */
  coParentPhone?: string;
  coParentUserId: string | null;
};

/** What the API-driven scenarios need: Fastify's `inject` (the app is built, not listening). */
export type Injector = {
  inject(options: {
    method: 'GET' | 'POST' | 'PATCH';
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }): PromiseLike<{ statusCode: number; body: string; json(): unknown }>;
};

export type ScenarioDeps = {
  app: Injector;
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  inviteTtlDays: number;
  now?: () => Date;
};

function tag(): string {
  return randomBytes(4).toString('hex');
}

async function call(
  app: Injector,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await app.inject({ method, url, headers, payload });
  if (res.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  }
  return res.json() as Record<string, unknown>;
}

const TEXAS = {
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '73301',
  country: 'US',
};

/**
 * Parent A signs up and pays through the API; the co-parent's link is read from the outbox (the
 * email's, or with `byText` the text's: the co-parent then has a phone and no email).
 */
async function viaPayment(
  deps: ScenarioDeps,
  payForCoparent: boolean,
  byText = false,
): Promise<ScenarioResult> {
  const { app } = deps;
  const t = tag();
  const parentEmail = `demo.parent.${t}@example.com`;
  const coParentEmail = byText ? '' : `demo.coparent.${t}@example.com`;
  // A number no other demo has: 646-555-01xx and the tag's first digits.
  const coParentNational = `6465550${String(Number.parseInt(t.slice(0, 6), 16) % 1000).padStart(3, '0')}`;
  const created = await call(app, 'POST', '/v2/signups', {
    sections: ['PARENT'],
    parent: {
      firstName: 'Ana',
      lastName: 'López',
      email: parentEmail,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125551234',
    },
    knowsCoParentEmail: !byText,
  });
  const signupId = String(created.signupId);
  const headers = { 'x-registration-key': String(created.registrationKey) };
  const url = `/v2/signups/${signupId}`;
  await call(
    app,
    'PATCH',
    url,
    {
      sections: ['FAMILY'],
      coParent: byText
        ? {
            firstName: 'Bruno',
            lastName: 'López',
            email: '',
            phoneCountryCode: 'US_CANADA',
            phoneNumber: coParentNational,
          }
        : { firstName: 'Bruno', lastName: 'López', email: coParentEmail },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
    headers,
  );
  await call(app, 'PATCH', url, { sections: ['PACKAGE'], order: { packageId: 3003 } }, headers);
  await call(
    app,
    'PATCH',
    url,
    { sections: ['PARENT', 'ADDRESS'], parent: { timeZone: 'America/Chicago' }, address: TEXAS },
    headers,
  );
  const priced = (await call(
    app,
    'POST',
    `${url}/pricing`,
    { address: TEXAS, orderDetail: { packageId: 3003 }, payForCoparent },
    headers,
  )) as { totals: { total: number; taxAmount: number } };
  await call(
    app,
    'POST',
    `${url}/payment`,
    {
      marketingOptIn: true,
      order: { packageId: 3003 },
      payForCoparent,
      payment: {
        amountDisplayed: priced.totals.total,
        taxAmountDisplayed: priced.totals.taxAmount,
        nonce: 'fake-valid-nonce',
      },
    },
    { ...headers, 'idempotency-key': `seed-${signupId}` },
  );
  const coParentPhone = byText ? (phoneNumberE164('US_CANADA', coParentNational) ?? '') : '';
  const text = byText
    ? await latestTextTo(deps.db, coParentPhone)
    : await latestEmailTextTo(app, coParentEmail);
  const match = /\/app\/join\/invite\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`the invitation ${byText ? 'text' : 'email'} has no link`);
  const token = decodeURIComponent(match[1]);
  return {
    scenario: byText
      ? 'texted-coparent-invite'
      : payForCoparent
        ? 'paid-coparent-invite'
        : 'coparent-invite',
    link: inviteUrl(deps.publicUrl, token),
    token,
    coParentEmail,
    ...(byText ? { coParentPhone } : {}),
    coParentUserId: null,
  };
}

/** The body of the latest email to `to` (the local mailbox). */
async function latestEmailTextTo(app: Injector, to: string): Promise<string> {
  const mailbox = (await call(
    app,
    'GET',
    `/v2/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`,
    undefined,
  )) as { messages: { text: string }[] };
  return mailbox.messages[0]?.text ?? '';
}

/** The body of the latest text to `number` (E.164), read from the SMS outbox. */
async function latestTextTo(db: Db, number: string): Promise<string> {
  const [row] = await db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, number))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row?.body ?? '';
}

/**
 * A family set up by a professional (Patricia Reyes, no registration details): the case is
 * opened through the cases service, as My Cases does, so both parents are INVITED users carrying
 * the professional's id and each gets the professional's invitation email; the co-parent's link
 * is answered.
 */
async function viaProfessional(deps: ScenarioDeps): Promise<ScenarioResult> {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const t = tag();
  const coParentEmail = `demo.pro-coparent.${t}@example.com`;
  const pro = await createProfessionalUser(db, {
    status: 'ACTIVE',
    email: `demo.pro.${t}@example.com`,
    firstName: 'Patricia',
    lastName: 'Reyes',
  });
  const cases = createCasesService({
    db,
    mailer,
    now,
    publicUrl: deps.publicUrl,
    inviteTtlDays: deps.inviteTtlDays,
  });
  const { invitations } = await cases.create(
    pro.id,
    CreateCaseRequestSchema.parse({
      parent1: { firstName: 'Diego', lastName: 'Ramos', email: `demo.pro-parent.${t}@example.com` },
      parent2: { firstName: 'Elena', lastName: 'Ramos', email: coParentEmail },
      children: [{ firstName: 'Félix', lastName: 'Ramos' }],
    }),
    { locale: 'en' },
  );
  const coParent = invitations.find((invitation) => invitation.parent === 'parent2');
  if (!coParent) throw new Error('the co-parent was not invited');
  return {
    scenario: 'pro-invite',
    link: inviteUrl(deps.publicUrl, coParent.token),
    token: coParent.token,
    coParentEmail,
    coParentUserId: coParent.userId,
  };
}

/** Creates one demo invitation and answers its link. */
export function seedInviteScenario(
  scenario: InviteScenario,
  deps: ScenarioDeps,
): Promise<ScenarioResult> {
  switch (scenario) {
    case 'coparent-invite':
      return viaPayment(deps, false);
    case 'paid-coparent-invite':
      return viaPayment(deps, true);
    case 'pro-invite':
      return viaProfessional(deps);
    case 'texted-coparent-invite':
      return viaPayment(deps, false, true);
  }
}
