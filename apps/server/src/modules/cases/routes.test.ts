import { CreateCaseRequestSchema, enMessages, esMXMessages } from '@coparent/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, listLatestOutboxEmails } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import { loggedInParent, TEST_PASSWORD, uniqueUsername } from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { createCasesService } from './service.js';

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_USERNAME_CHECK_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
  RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CASE_CREATE_PER_MINUTE: '10000',
};

type FieldError = { field: string; text: string };
type LoggedInPro = { userId: string; email: string; cookie: string; firstName: string };

const ACTIVATE_LINK =
  /https:\/\/join\.example\.test\/app\/account\/activate\?token=([A-Za-z0-9_%-]+)/;
const INVITE_LINK = /https:\/\/join\.example\.test\/app\/join\/invite\?token=([A-Za-z0-9_%-]+)/;

function professionalBody(email: string, firstName: string) {
  return {
    firstName,
    lastName: 'Reyes',
    email,
    phoneCountryCode: 'US_CANADA',
    phoneNumber: '5551234567',
    hearAboutUs: 'SEARCH_ENGINE',
    practiceName: 'Reyes Family Law',
    addressLine1: '1 Court Sq',
    country: 'US',
    city: 'Denver',
    region: 'CO',
    postalCode: '80202',
    timezone: 'America/Denver',
    roles: ['FAMILY_LAW_ATTORNEY'],
    securityQuestion: 'What was the name of my first school?',
    securityAnswer: 'Benito Juarez',
    securityCode: '2468',
    securityCodeConfirm: '2468',
  };
}

function caseBody(overrides: Record<string, unknown> = {}) {
  return {
    parent1: { firstName: 'Diego', lastName: 'Ramos', email: uniqueEmail('case-p1') },
    parent2: {
      firstName: 'Elena',
      lastName: 'Ramos',
      email: uniqueEmail('case-p2'),
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125550000',
    },
    children: [
      { firstName: 'Félix', lastName: 'Ramos' },
      { firstName: 'Lucía', lastName: 'Ramos' },
    ],
    ...overrides,
  };
}

function errorsOf(res: LightMyRequestResponse): FieldError[] {
  return (res.json() as { validationErrors: FieldError[] }).validationErrors;
}

describe.each(BACKENDS)("a professional's cases on %s", (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  let clock = Date.now();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => ctx.database.db;

  async function latestText(to: string, template: string): Promise<string> {
    const emails = await listLatestOutboxEmails(db(), { limit: 10, to });
    return emails.find((email) => email.template === template)?.textBody ?? '';
  }

  /** Registers a professional, sets credentials from the welcome email's link, logs in. */
  async function loggedInPro(firstName = 'Patricia'): Promise<LoggedInPro> {
    const email = uniqueEmail('pro');
    const created = await app.inject({
      method: 'POST',
      url: '/v2/professional/users',
      payload: professionalBody(email, firstName),
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = decodeURIComponent(
      ACTIVATE_LINK.exec(await latestText(email, 'professional-welcome'))?.[1] ?? '',
    );
    const username = uniqueUsername('pro');
    const set = await app.inject({
      method: 'POST',
      url: '/v2/credentials',
      headers: { authorization: `Bearer ${token}` },
      payload: { username, password: TEST_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { username, password: TEST_PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    return { userId: (set.json() as { userId: string }).userId, email, cookie, firstName };
  }

  function createCase(cookie: string | undefined, payload: unknown, language = 'en') {
    return app.inject({
      method: 'POST',
      url: '/v2/account/cases',
      headers: { language, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }

  function listCases(cookie: string | undefined) {
    return app.inject({
      method: 'GET',
      url: '/v2/account/cases',
      headers: cookie ? { cookie } : {},
    });
  }

  async function count(table: string): Promise<number> {
    const rows = await db().execute(sql.raw(`select count(*)::int as n from ${table}`));
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    return Number(list[0]?.n ?? 0);
  }

  describe('the activation link of the welcome email', () => {
    it('sets the username and password once; the professional then logs in as PROFESSIONAL', async () => {
      const pro = await loggedInPro();
      const session = await app.inject({
        method: 'GET',
        url: '/v2/account/session',
        headers: { cookie: pro.cookie },
      });
      expect(session.json()).toMatchObject({ userId: pro.userId, kind: 'PROFESSIONAL' });
      const text = await latestText(pro.email, 'professional-welcome');
      expect(text).toContain('https://join.example.test/app/account/login');
      const token = decodeURIComponent(ACTIVATE_LINK.exec(text)?.[1] ?? '');
      const again = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: { authorization: `Bearer ${token}` },
        payload: { username: uniqueUsername('pro'), password: TEST_PASSWORD },
      });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'CREDENTIALS_TOKEN_INVALID' });
    });

    it('stops working after PRO_ACTIVATION_TTL_HOURS (72 by default)', async () => {
      const email = uniqueEmail('pro');
      const created = await app.inject({
        method: 'POST',
        url: '/v2/professional/users',
        payload: professionalBody(email, 'Late'),
      });
      expect(created.statusCode).toBe(201);
      const token = decodeURIComponent(
        ACTIVATE_LINK.exec(await latestText(email, 'professional-welcome'))?.[1] ?? '',
      );
      const check = (at: number) => {
        clock = at;
        return app.inject({
          method: 'GET',
          url: '/v2/credentials/username?username=someone_new',
          headers: { authorization: `Bearer ${token}` },
        });
      };
      const start = clock;
      try {
        expect((await check(start + 71 * 3_600_000)).statusCode).toBe(200);
        expect((await check(start + 73 * 3_600_000)).statusCode).toBe(401);
      } finally {
        clock = start;
      }
    });
  });

  describe('who may call', () => {
    it('answers 401 SESSION_REQUIRED without a session', async () => {
      for (const res of [await createCase(undefined, caseBody()), await listCases(undefined)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
      }
    });

    it("answers 403 PROFESSIONAL_REQUIRED to a parent's session, whatever the body", async () => {
      const parent = await loggedInParent(app);
      for (const res of [
        await createCase(parent.cookie, caseBody()),
        await createCase(parent.cookie, {}),
        await listCases(parent.cookie),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PROFESSIONAL_REQUIRED' });
      }
    });
  });

  describe('POST /v2/account/cases', () => {
    it('emails both parents an invitation whose context names the professional', async () => {
      const pro = await loggedInPro();
      const body = caseBody();
      const res = await createCase(pro.cookie, body, 'es-MX');
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json() as { caseId: string; invited: unknown[] };
      expect(answer.caseId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.invited).toEqual([
        { firstName: 'Diego', lastName: 'Ramos', email: body.parent1.email },
        { firstName: 'Elena', lastName: 'Ramos', email: body.parent2.email },
      ]);

      for (const parent of [body.parent1, body.parent2]) {
        const [email] = await listLatestOutboxEmails(db(), { limit: 5, to: parent.email });
        expect(email).toMatchObject({ template: 'professional-invitation', locale: 'es-MX' });
        expect(email?.subject).toBe('Patricia Reyes te invitó a unirte a CoParent Hub');
        const token = decodeURIComponent(INVITE_LINK.exec(email?.textBody ?? '')?.[1] ?? '');
        const current = await app.inject({
          method: 'GET',
          url: '/v2/invites/current',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(current.statusCode, current.body).toBe(200);
        expect(current.json()).toMatchObject({
          userCreatedByPro: true,
          pro: { firstName: 'Patricia', lastName: 'Reyes' },
          requireCredentials: true,
          locale: 'es-MX',
          familyMembers: [
            { firstName: 'Diego', lastName: 'Ramos', displayInitials: 'DR' },
            { firstName: 'Elena', lastName: 'Ramos', displayInitials: 'ER' },
            { firstName: 'Félix', lastName: 'Ramos', userId: null },
            { firstName: 'Lucía', lastName: 'Ramos', userId: null },
          ],
        });
      }
    });

    it('invites only the parent with an email; the other is listed as not invited', async () => {
      const pro = await loggedInPro();
      const body = caseBody({ parent2: { firstName: 'Elena', lastName: 'Ramos', email: '' } });
      const res = await createCase(pro.cookie, body);
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { invited: unknown[] }).invited).toHaveLength(1);
      const list = await listCases(pro.cookie);
      expect(list.json()).toMatchObject({
        cases: [
          {
            parents: [
              { firstName: 'Diego', status: 'INVITED', email: body.parent1.email },
              { firstName: 'Elena', status: 'NOT_INVITED', email: null },
            ],
            childrenCount: 2,
          },
        ],
      });
    });

    it('answers localised field errors (en and es-MX) and writes nothing', async () => {
      const pro = await loggedInPro();
      const families = await count('families');
      const invalid = {
        parent1: { firstName: '', lastName: 'Ramos', email: '' },
        parent2: { firstName: 'Elena', lastName: 'Ramos', email: '' },
        children: [],
      };
      const en = await createCase(pro.cookie, invalid, 'en');
      expect(en.statusCode).toBe(422);
      expect(errorsOf(en)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'parent1.firstName',
            text: enMessages.signup_firstName_error,
          }),
          expect.objectContaining({ field: 'children', text: enMessages.signup_children_error }),
        ]),
      );
      const es = await createCase(
        pro.cookie,
        { ...invalid, parent1: { firstName: 'Diego', lastName: 'Ramos', email: '' } },
        'es-MX',
      );
      expect(es.statusCode).toBe(422);
      expect(errorsOf(es)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'children', text: esMXMessages.signup_children_error }),
        ]),
      );
      const noEmail = await createCase(
        pro.cookie,
        caseBody({
          parent1: { firstName: 'Diego', lastName: 'Ramos', email: '' },
          parent2: { firstName: 'Elena', lastName: 'Ramos', email: '' },
        }),
        'es-MX',
      );
      expect(errorsOf(noEmail)).toEqual([
        expect.objectContaining({
          field: 'parent1.email',
          text: esMXMessages.cases_parentEmailRequired_error,
        }),
      ]);
      const same = uniqueEmail('same');
      const twice = await createCase(
        pro.cookie,
        caseBody({
          parent1: { firstName: 'Diego', lastName: 'Ramos', email: same },
          parent2: { firstName: 'Elena', lastName: 'Ramos', email: same.toUpperCase() },
        }),
      );
      expect(errorsOf(twice)).toEqual([
        expect.objectContaining({
          field: 'parent2.email',
          text: enMessages.cases_parentEmailSame_error,
        }),
      ]);
      expect(await count('families')).toBe(families);
    });

    it('refuses an email that has an account with a field error, and writes nothing', async () => {
      const pro = await loggedInPro();
      const parent = await loggedInParent(app);
      const families = await count('families');
      const body = caseBody({
        parent2: { firstName: 'Elena', lastName: 'Ramos', email: parent.email.toUpperCase() },
      });
      const res = await createCase(pro.cookie, body, 'es-MX');
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({
          field: 'parent2.email',
          text: esMXMessages.signup_emailTaken_error,
        }),
      ]);
      expect(await count('families')).toBe(families);
      expect(await listLatestOutboxEmails(db(), { limit: 5, to: body.parent1.email })).toEqual([]);
    });

    it('leaves nothing half-written when the transaction fails', async () => {
      const pro = await loggedInPro();
      const tables = ['families', 'family_members', 'users', 'invites', 'email_outbox'];
      const before = await Promise.all(tables.map(count));
      const failing = createCasesService({
        db: db(),
        mailer: createOutboxMailer(db()),
        now: () => new Date(clock),
        publicUrl: ENV.PUBLIC_URL,
        inviteTtlDays: 14,
        hooks: {
          afterWrites: () => {
            throw new Error('simulated crash before the commit');
          },
        },
      });
      await expect(
        failing.create(pro.userId, CreateCaseRequestSchema.parse(caseBody()), { locale: 'en' }),
      ).rejects.toThrow('simulated crash');
      expect(await Promise.all(tables.map(count))).toEqual(before);
    });
  });

  describe('GET /v2/account/cases', () => {
    it("lists only this professional's cases, newest first, with each parent's status", async () => {
      const pro = await loggedInPro();
      const other = await loggedInPro('Olga');
      expect((await listCases(pro.cookie)).json()).toEqual({ cases: [] });

      const start = clock;
      const first = caseBody();
      clock = start + 1000;
      expect((await createCase(pro.cookie, first)).statusCode).toBe(201);
      clock = start + 2000;
      const second = caseBody({
        parent1: { firstName: 'Ana', lastName: 'Soto', email: uniqueEmail('case-p1') },
      });
      expect((await createCase(pro.cookie, second)).statusCode).toBe(201);
      clock = start + 3000;
      expect((await createCase(other.cookie, caseBody())).statusCode).toBe(201);
      clock = start;

      // Parent 1 of the first case finishes: a username and password (from the invite).
      const token = decodeURIComponent(
        INVITE_LINK.exec(await latestText(first.parent1.email, 'professional-invitation'))?.[1] ??
          '',
      );
      const current = await app.inject({
        method: 'GET',
        url: '/v2/invites/current',
        headers: { authorization: `Bearer ${token}` },
      });
      const userId = (current.json() as { userId: string }).userId;
      // Credentials come after step 1 (a professional's family pays nothing).
      const step1 = await app.inject({
        method: 'PATCH',
        url: `/v2/users/${userId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          sections: ['PARENT'],
          parent: {
            userId,
            firstName: 'Diego',
            lastName: 'Ramos',
            email: first.parent1.email,
            phoneCountryCode: 'US_CANADA',
            phoneNumber: '2125559876',
          },
        },
      });
      expect(step1.statusCode, step1.body).toBe(200);
      const issued = await app.inject({
        method: 'POST',
        url: `/v2/users/${userId}/credentials-token`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const set = await app.inject({
        method: 'POST',
        url: '/v2/credentials',
        headers: {
          authorization: `Bearer ${(issued.json() as { clickToJoinToken: string }).clickToJoinToken}`,
        },
        payload: { username: uniqueUsername(), password: TEST_PASSWORD },
      });
      expect(set.statusCode, set.body).toBe(200);

      const res = await listCases(pro.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { cases } = res.json() as {
        cases: { parents: { firstName: string; status: string }[]; childrenCount: number }[];
      };
      expect(cases).toHaveLength(2);
      expect(cases.map((c) => c.parents.map((p) => `${p.firstName}:${p.status}`))).toEqual([
        ['Ana:INVITED', 'Elena:INVITED'],
        ['Diego:JOINED', 'Elena:INVITED'],
      ]);
      expect(cases[0]?.childrenCount).toBe(2);
      expect((await listCases(other.cookie)).json()).toMatchObject({
        cases: [{ parents: [{ firstName: 'Diego' }, { firstName: 'Elena' }] }],
      });
    });
  });
});
