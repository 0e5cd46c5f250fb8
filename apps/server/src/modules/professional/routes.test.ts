import { enMessages, esMXMessages, securityTextKey } from '@coparent/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findOutboxEmail, listLatestOutboxEmails } from '../../adapters/mail/outbox.js';
import { createSmtpMailer, type SmtpTransport } from '../../adapters/mail/smtp.js';
import type { App } from '../../app.js';
import { emailOutbox, users } from '../../db/schema.js';
import { verifySecret } from '../../security/hash.js';
import {
  BACKENDS,
  buildTestApp,
  captureLogs,
  PRODUCTION_TEST_ENV,
  uniqueEmail,
  useTestDatabase,
} from '../../test/test-app.js';
import { insertUser } from '../account/repo.js';
import { findProfessionalProfile } from './repo.js';
import { FAIL_ON_CREATE, FAIL_ONCE_ON_CREATE } from './service.js';

type Json = Record<string, unknown>;
type FieldError = { field: string; text: string; type?: string };

const stepOne = (overrides: Json = {}): Json => ({
  title: 'DOCTOR',
  firstName: 'Eva',
  lastName: 'Ruiz',
  credentials: 'PhD',
  email: uniqueEmail('pro'),
  phoneCountryCode: 'US_CANADA',
  phoneNumber: '5551234567',
  phoneExtension: '204',
  hearAboutUs: 'SEARCH_ENGINE',
  ...overrides,
});

const stepTwo = (overrides: Json = {}): Json => ({
  practiceName: 'Ruiz Family Law',
  addressLine1: '1 Court Sq',
  addressLine2: 'Suite 200',
  country: 'US',
  city: 'Denver',
  region: 'CO',
  postalCode: '80202',
  timezone: 'America/Denver',
  roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
  ...overrides,
});

const stepThree = (overrides: Json = {}): Json => ({
  securityQuestion: 'What was the name of my first school?',
  securityAnswer: 'Benito Juárez',
  securityCode: '2468',
  securityCodeConfirm: '2468',
  ...overrides,
});

const london = {
  country: 'GB',
  region: 'ENG',
  city: 'London',
  postalCode: 'SW1A 1AA',
  timezone: 'Europe/London',
};

const allSteps = (overrides: Json = {}): Json => ({
  ...stepOne(),
  ...stepTwo(),
  ...stepThree(),
  ...overrides,
});

function validationErrors(res: LightMyRequestResponse): FieldError[] {
  return (res.json() as { validationErrors: FieldError[] }).validationErrors;
}

function fields(res: LightMyRequestResponse): string[] {
  return validationErrors(res).map((e) => e.field);
}

function errorFor(res: LightMyRequestResponse, field: string): FieldError | undefined {
  return validationErrors(res).find((e) => e.field === field);
}

describe.each(BACKENDS)('professional registration on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  function validate(step: unknown, values: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: '/v2/professional/users/validator',
      payload: { step, values } as Json,
      headers,
    });
  }

  function create(body: Json = allSteps(), headers: Record<string, string> = {}, target = app) {
    return target.inject({ method: 'POST', url: '/v2/professional/users', payload: body, headers });
  }

  async function userByEmail(email: string) {
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.emailNormalized, email.toLowerCase()));
    return row;
  }

  describe('POST /v2/professional/users/validator', () => {
    it('answers 200 { valid: true } for a valid step 1, 2 and 3', async () => {
      for (const [step, values] of [
        [1, stepOne()],
        [2, stepTwo()],
        [3, stepThree()],
      ] as const) {
        const res = await validate(step, values);
        expect(res.statusCode, `step ${step}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ valid: true });
      }
    });

    it('answers 409 with a field error for each missing step-1 field', async () => {
      const res = await validate(1, {});
      expect(res.statusCode).toBe(409);
      expect(fields(res)).toEqual(
        expect.arrayContaining([
          'firstName',
          'lastName',
          'email',
          'phoneCountryCode',
          'phoneNumber',
          'hearAboutUs',
        ]),
      );
      for (const error of validationErrors(res)) {
        expect(Object.keys(error).sort()).toEqual(['field', 'text', 'type']);
        expect(error.text).not.toBe('');
      }
    });

    it('answers 409 with the step-1 texts for invalid values', async () => {
      const res = await validate(
        1,
        stepOne({
          firstName: 'Eva 😀',
          email: 'not-an-email',
          phoneNumber: '123',
          phoneExtension: 'x1',
        }),
      );
      expect(res.statusCode).toBe(409);
      expect(validationErrors(res)).toEqual(
        expect.arrayContaining([
          { field: 'firstName', text: enMessages.signup_nameEmoji_error, type: 'ERROR' },
          { field: 'email', text: enMessages.signup_email_error, type: 'ERROR' },
          { field: 'phoneNumber', text: enMessages.signup_phoneNumber_error, type: 'ERROR' },
          {
            field: 'phoneExtension',
            text: enMessages.signup_phoneExtensionDigits_error,
            type: 'ERROR',
          },
        ]),
      );
    });

    it('answers in Spanish with language: es-MX', async () => {
      const res = await validate(1, stepOne({ email: 'nope', phoneNumber: '12' }), {
        language: 'es-MX',
      });
      expect(res.statusCode).toBe(409);
      expect(errorFor(res, 'email')?.text).toBe(esMXMessages.signup_email_error);
      expect(errorFor(res, 'phoneNumber')?.text).toBe(esMXMessages.signup_phoneNumber_error);
    });

    it('a bench-officer referral needs the officer’s name and position', async () => {
      const missing = await validate(1, stepOne({ hearAboutUs: 'BENCH_OFFICER' }));
      expect(missing.statusCode).toBe(409);
      expect(validationErrors(missing)).toEqual([
        {
          field: 'referralBenchOfficerName',
          text: enMessages.signup_referralName_error,
          type: 'ERROR',
        },
        {
          field: 'referralBenchOfficerPosition',
          text: enMessages.signup_referralPosition_error,
          type: 'ERROR',
        },
      ]);
      const ok = await validate(
        1,
        stepOne({
          hearAboutUs: 'BENCH_OFFICER',
          referralBenchOfficerName: 'Hon. Maria Gonzalez',
          referralBenchOfficerPosition: 'JUDGE',
        }),
      );
      expect(ok.statusCode).toBe(200);
    });

    it('a colleague referral needs the colleague’s name and role (in Spanish too)', async () => {
      const missing = await validate(
        1,
        stepOne({ hearAboutUs: 'REFERRED_BY_COLLEAGUE', referralColleagueName: 'Ana Pérez' }),
        { language: 'es-MX' },
      );
      expect(missing.statusCode).toBe(409);
      expect(validationErrors(missing)).toEqual([
        {
          field: 'referralColleagueRole',
          text: esMXMessages.signup_referralColleagueRole_error,
          type: 'ERROR',
        },
      ]);
      const ok = await validate(
        1,
        stepOne({
          hearAboutUs: 'REFERRED_BY_COLLEAGUE',
          referralColleagueName: 'Ana Pérez',
          referralColleagueRole: 'THERAPIST',
        }),
      );
      expect(ok.statusCode).toBe(200);
    });

    it('Other needs an explanation of at most 200 characters', async () => {
      const missing = await validate(1, stepOne({ hearAboutUs: 'OTHER' }));
      expect(validationErrors(missing)).toEqual([
        { field: 'referralOther', text: enMessages.signup_referralOther_error, type: 'ERROR' },
      ]);
      const long = await validate(
        1,
        stepOne({ hearAboutUs: 'OTHER', referralOther: 'x'.repeat(201) }),
      );
      expect(long.statusCode).toBe(409);
      expect(validationErrors(long)).toEqual([
        {
          field: 'referralOther',
          text: enMessages.signup_referralOtherLength_error,
          type: 'ERROR',
        },
      ]);
      const ok = await validate(
        1,
        stepOne({ hearAboutUs: 'OTHER', referralOther: 'x'.repeat(200) }),
      );
      expect(ok.statusCode).toBe(200);
    });

    it('answers 409 on the email field when the email already belongs to a user', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const res = await validate(1, stepOne({ email: `  ${email.toUpperCase()} ` }));
      expect(res.statusCode).toBe(409);
      expect(validationErrors(res)).toEqual([
        {
          field: 'email',
          text: 'That email address is already tied to an account.',
          type: 'ERROR',
        },
      ]);
      const spanish = await validate(1, stepOne({ email }), { language: 'es-MX' });
      expect(errorFor(spanish, 'email')?.text).toBe(esMXMessages.signup_emailTaken_error);
    });

    it('reports the taken email together with the other step-1 errors', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const res = await validate(1, stepOne({ email, lastName: '' }));
      expect(fields(res).sort()).toEqual(['email', 'lastName']);
    });

    it('answers 409 with the step-2 field names', async () => {
      const res = await validate(2, { country: 'US', roles: [] });
      expect(res.statusCode).toBe(409);
      expect(fields(res)).toEqual(
        expect.arrayContaining([
          'practiceName',
          'addressLine1',
          'city',
          'region',
          'postalCode',
          'timezone',
          'roles',
        ]),
      );
      expect(errorFor(res, 'roles')?.text).toBe(enMessages.signup_roles_error);
    });

    it('answers 409 on roles that are not in the country’s list', async () => {
      const res = await validate(2, stepTwo({ roles: ['FAMILY_LAW_ATTORNEY', 'SOLICITOR'] }));
      expect(res.statusCode).toBe(409);
      expect(validationErrors(res)).toEqual([
        { field: 'roles', text: enMessages.signup_rolesCountry_error, type: 'ERROR' },
      ]);
      const spanish = await validate(2, stepTwo({ roles: ['NOT_A_ROLE'] }), { language: 'es-MX' });
      expect(errorFor(spanish, 'roles')?.text).toBe(esMXMessages.signup_rolesCountry_error);
      const british = await validate(2, stepTwo({ ...london, roles: ['SOLICITOR'] }));
      expect(british.statusCode).toBe(200);
    });

    it('reports an invalid role value on the roles field', async () => {
      const res = await validate(2, stepTwo({ roles: ['MEDIATOR', ''] }));
      expect(res.statusCode).toBe(409);
      expect(fields(res)).toEqual(['roles']);
    });

    it('answers 409 with the step-3 field names and texts', async () => {
      const res = await validate(3, {
        securityQuestion: 'abc',
        securityAnswer: 'hello!',
        securityCode: '12a',
        securityCodeConfirm: '9999',
      });
      expect(res.statusCode).toBe(409);
      expect(validationErrors(res)).toEqual([
        {
          field: 'securityQuestion',
          text: enMessages.signup_securityQuestion_error,
          type: 'ERROR',
        },
        {
          field: 'securityAnswer',
          text: enMessages.signup_securityAnswerCharacters_error,
          type: 'ERROR',
        },
        { field: 'securityCode', text: enMessages.signup_securityCodeDigits_error, type: 'ERROR' },
        { field: 'securityCodeConfirm', text: enMessages.codeConfirm, type: 'ERROR' },
      ]);
      const same = await validate(
        3,
        stepThree({ securityQuestion: 'My first pet', securityAnswer: 'MY FIRST PET' }),
        { language: 'es-MX' },
      );
      expect(validationErrors(same)).toEqual([
        {
          field: 'securityAnswer',
          text: esMXMessages.signup_securityAnswerSame_error,
          type: 'ERROR',
        },
      ]);
    });

    it('answers 422 (not 409) when the envelope is wrong, never 500', async () => {
      const noStep = await app.inject({
        method: 'POST',
        url: '/v2/professional/users/validator',
        payload: { values: stepOne() },
      });
      expect(noStep.statusCode).toBe(422);
      expect(fields(noStep)).toContain('step');
      for (const [step, values] of [
        [4, stepOne()],
        ['1', stepOne()],
        [1, []],
        [1, 'values'],
        [1, null],
      ] as const) {
        const res = await validate(step, values);
        expect(res.statusCode, JSON.stringify([step, values])).toBe(422);
      }
      const notObject = await app.inject({
        method: 'POST',
        url: '/v2/professional/users/validator',
        payload: [] as unknown as Json,
      });
      expect(notObject.statusCode).toBe(422);
      const malformed = await app.inject({
        method: 'POST',
        url: '/v2/professional/users/validator',
        headers: { 'content-type': 'application/json' },
        payload: '{"step": 1,',
      });
      expect(malformed.statusCode).toBe(400);
    });

    it('accepts the anonymous id and activity start headers and logs them without secrets', async () => {
      const logs = captureLogs();
      const logged = await buildTestApp(ctx.database, {
        env: { LOG_LEVEL: 'debug' },
        logStream: logs.stream,
      });
      try {
        const res = await logged.inject({
          method: 'POST',
          url: '/v2/professional/users/validator',
          headers: { 'x-anonymous-id': 'anon-123', 'x-activity-start': '2026-01-01T10:00:00Z' },
          payload: { step: 3, values: stepThree({ securityAnswer: 'Sekret Answer Words' }) },
        });
        expect(res.statusCode).toBe(200);
        const line = logs.lines.find(
          (l) => l.msg === 'validating a professional registration step',
        );
        expect(line).toMatchObject({
          step: 3,
          anonymousId: 'anon-123',
          activityStart: '2026-01-01T10:00:00Z',
        });
        expect(logs.text()).not.toContain('Sekret Answer Words');
        expect(logs.text()).not.toContain('2468');
      } finally {
        await logged.close();
      }
    });
  });

  describe('POST /v2/professional/users', () => {
    it('answers 201 with the created user for the success page', async () => {
      const body = allSteps();
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(201);
      const { user } = res.json();
      expect(user).toEqual({
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: { firstName: 'Eva', lastName: 'Ruiz' },
        title: { id: 'DOCTOR', name: 'Dr.' },
        credentials: 'PhD',
        email: body.email,
        practiceName: 'Ruiz Family Law',
        phone: { countryCode: 'US_CANADA', dialCode: '+1', number: '5551234567', extension: '204' },
        country: { id: 'US', name: 'United States' },
        region: { id: 'CO', name: 'Colorado' },
        timezone: { id: 'America/Denver', name: expect.stringContaining('Denver') },
        roles: [
          { id: 'FAMILY_LAW_ATTORNEY', name: 'Family law attorney' },
          { id: 'MEDIATOR', name: 'Family mediator' },
        ],
      });
    });

    it('names the user data in Spanish with language: es-MX', async () => {
      const res = await create(
        allSteps({
          region: 'NY',
          city: 'New York',
          postalCode: '10001',
          timezone: 'America/New_York',
        }),
        {
          language: 'es-MX',
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      const { user } = res.json();
      expect(user.country).toEqual({ id: 'US', name: 'Estados Unidos' });
      expect(user.region).toEqual({ id: 'NY', name: 'Nueva York' });
      expect(user.roles[1]).toEqual({ id: 'MEDIATOR', name: 'Mediador familiar' });
    });

    it('stores a PROFESSIONAL user and a profile whose answer and code are argon2id hashes', async () => {
      const body = allSteps({
        securityAnswer: '  Benito   Juárez ',
        securityCode: '1357',
        securityCodeConfirm: '1357',
      });
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(201);
      const { userId } = res.json().user;
      const user = await userByEmail(String(body.email));
      expect(user).toMatchObject({ id: userId, kind: 'PROFESSIONAL', phoneNumber: '5551234567' });
      const profile = await findProfessionalProfile(ctx.database.db, userId);
      expect(profile).toMatchObject({
        title: 'DOCTOR',
        practiceName: 'Ruiz Family Law',
        country: 'US',
        region: 'CO',
        timeZone: 'America/Denver',
        roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
        hearAboutUs: 'SEARCH_ENGINE',
        referralOther: null,
        locale: 'en',
      });
      expect(profile?.securityAnswerHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(profile?.securityCodeHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const stored = JSON.stringify(profile);
      expect(stored).not.toContain('Juárez');
      expect(stored).not.toContain('1357');
      // The answer's hash is of its comparison form: a later check is case-insensitive.
      expect(
        await verifySecret(profile?.securityAnswerHash ?? '', securityTextKey('BENITO JUÁREZ')),
      ).toBe(true);
      expect(await verifySecret(profile?.securityAnswerHash ?? '', 'something else')).toBe(false);
      expect(await verifySecret(profile?.securityCodeHash ?? '', '1357')).toBe(true);
      expect(await verifySecret(profile?.securityCodeHash ?? '', '1358')).toBe(false);
    });

    it('keeps only the referral fields of the chosen source', async () => {
      const res = await create(
        allSteps({
          hearAboutUs: 'BENCH_OFFICER',
          referralBenchOfficerName: 'Hon. Maria Gonzalez',
          referralBenchOfficerPosition: 'MAGISTRATE',
          referralColleagueName: 'Ignored Person',
          referralOther: 'ignored',
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const profile = await findProfessionalProfile(ctx.database.db, res.json().user.userId);
      expect(profile).toMatchObject({
        referralBenchOfficerName: 'Hon. Maria Gonzalez',
        referralBenchOfficerPosition: 'MAGISTRATE',
        referralColleagueName: null,
        referralOther: null,
      });
    });

    it('writes the welcome email to the outbox with the login link', async () => {
      const body = allSteps();
      const res = await create(body);
      expect(res.statusCode).toBe(201);
      const [email] = await listLatestOutboxEmails(ctx.database.db, {
        limit: 5,
        to: String(body.email),
      });
      expect(email).toMatchObject({
        toAddress: body.email,
        template: 'professional-welcome',
        locale: 'en',
        subject: 'Your professional account is ready',
        sentAt: null,
        error: null,
      });
      expect(email?.textBody).toContain('Hello Eva Ruiz,');
      expect(email?.textBody).toContain('Your professional account is ready');
      expect(email?.textBody).toContain('http://localhost:3000/app/account/login');
      expect(email?.textBody).toContain('(866) 755-9991');
      expect(email?.htmlBody).toContain('href="http://localhost:3000/app/account/login"');
    });

    it('writes the welcome email in Spanish, with PUBLIC_URL and the country’s support phone', async () => {
      const custom = await buildTestApp(ctx.database, {
        env: { PUBLIC_URL: 'https://join.example.com/' },
      });
      try {
        const body = allSteps({ ...london, roles: ['SOLICITOR'] });
        const res = await create(body, { language: 'es-MX' }, custom);
        expect(res.statusCode, res.body).toBe(201);
        const [email] = await listLatestOutboxEmails(ctx.database.db, {
          limit: 1,
          to: String(body.email),
        });
        expect(email?.locale).toBe('es-MX');
        expect(email?.subject).toBe('Tu cuenta profesional está lista');
        expect(email?.textBody).toContain('Hola, Eva Ruiz:');
        expect(email?.textBody).toContain('https://join.example.com/app/account/login');
        expect(email?.textBody).toContain('020 3514 0008');
      } finally {
        await custom.close();
      }
    });

    it('answers 409 on the email field for an email that has an account, and saves nothing', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const res = await create(allSteps({ email: email.toUpperCase() }), { language: 'es-MX' });
      expect(res.statusCode).toBe(409);
      expect(validationErrors(res)).toEqual([
        { field: 'email', text: esMXMessages.signup_emailTaken_error, type: 'ERROR' },
      ]);
      expect((await userByEmail(email))?.kind).toBe('PARENT');
      // No welcome email (the owner's account-exists notice may be there: email-reveal-limit).
      const sent = await listLatestOutboxEmails(ctx.database.db, { limit: 5, to: email });
      expect(sent.map((message) => message.template)).not.toContain('professional-welcome');
    });

    it('answers 409 to a second registration with the same email', async () => {
      const body = allSteps();
      expect((await create(body)).statusCode).toBe(201);
      const again = await create({ ...body, email: ` ${String(body.email).toUpperCase()}` });
      expect(again.statusCode).toBe(409);
      expect(fields(again)).toEqual(['email']);
    });

    it('answers 409 to one of two simultaneous registrations with the same email', async () => {
      const body = allSteps();
      const statuses = (await Promise.all([create(body), create(body)])).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([201, 409]);
    });

    it('answers 422 with every failing field of the three steps', async () => {
      const res = await create(
        allSteps({ email: 'bad', roles: [], securityCode: '12', securityCodeConfirm: '12' }),
        { language: 'es-MX' },
      );
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toEqual(
        expect.arrayContaining([
          { field: 'email', text: esMXMessages.signup_email_error, type: 'ERROR' },
          { field: 'roles', text: esMXMessages.signup_roles_error, type: 'ERROR' },
          { field: 'securityCode', text: esMXMessages.only4, type: 'ERROR' },
        ]),
      );
      const wrongRole = await create(allSteps({ roles: ['SOLICITOR'] }));
      expect(wrongRole.statusCode).toBe(422);
      expect(fields(wrongRole)).toEqual(['roles']);
    });

    it('answers 4xx, never 500, to bad bodies', async () => {
      const bodies: unknown[] = [
        {},
        [],
        'text',
        { ...allSteps(), roles: 'MEDIATOR' },
        { ...allSteps(), phoneNumber: 5551234567 },
      ];
      for (const body of bodies) {
        const res = await app.inject({
          method: 'POST',
          url: '/v2/professional/users',
          payload: body as Json,
        });
        expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      }
      const none = await app.inject({ method: 'POST', url: '/v2/professional/users' });
      expect(none.statusCode).toBe(422);
      const form = await app.inject({
        method: 'POST',
        url: '/v2/professional/users',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a@b.c',
      });
      expect(form.statusCode).toBe(415);
    });

    it(`answers 503 PROFESSIONAL_CREATE_FAILED for the practice name "${FAIL_ON_CREATE}", saving nothing`, async () => {
      const body = allSteps({ practiceName: FAIL_ON_CREATE });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await create(body);
        expect(res.statusCode).toBe(503);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 503, code: 'PROFESSIONAL_CREATE_FAILED' });
      }
      expect(await userByEmail(String(body.email))).toBeUndefined();
      expect(
        await listLatestOutboxEmails(ctx.database.db, { limit: 5, to: String(body.email) }),
      ).toEqual([]);
    });

    it(`fails only the first attempt for "${FAIL_ONCE_ON_CREATE}" (Try again succeeds)`, async () => {
      const body = allSteps({ practiceName: FAIL_ONCE_ON_CREATE });
      expect((await create(body)).statusCode).toBe(503);
      const retry = await create(body);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().user.practiceName).toBe(FAIL_ONCE_ON_CREATE);
    });

    it('has no test hook in production', async () => {
      const production = await buildTestApp(ctx.database, {
        env: PRODUCTION_TEST_ENV,
      });
      try {
        const res = await create(allSteps({ practiceName: FAIL_ON_CREATE }), {}, production);
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await production.close();
      }
    });
  });

  describe('the SMTP mailer', () => {
    const log = pino({ level: 'silent' });

    it('sends the welcome email after the commit and marks it sent', async () => {
      const sent: { to: string; subject: string; from: string }[] = [];
      const transport: SmtpTransport = {
        sendMail: async (options) => {
          sent.push(options);
          return { messageId: 'x' };
        },
      };
      const mailer = createSmtpMailer({
        db: ctx.database.db,
        log,
        now: () => new Date(),
        from: 'Support <support@example.com>',
        retry: { maxAttempts: 6, baseDelaySeconds: 60 },
        transport,
      });
      const smtpApp = await buildTestApp(ctx.database, { mailer });
      try {
        const body = allSteps();
        const res = await create(body, {}, smtpApp);
        expect(res.statusCode, res.body).toBe(201);
        await vi.waitFor(async () => {
          const [row] = await listLatestOutboxEmails(ctx.database.db, {
            limit: 1,
            to: String(body.email),
          });
          expect(row?.sentAt).toBeInstanceOf(Date);
        });
        expect(sent).toEqual([
          expect.objectContaining({
            to: body.email,
            from: 'Support <support@example.com>',
            subject: 'Your professional account is ready',
          }),
        ]);
      } finally {
        await smtpApp.close();
      }
    });

    it('records a failed send on the row and keeps the registration', async () => {
      const transport: SmtpTransport = {
        sendMail: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        },
      };
      const mailer = createSmtpMailer({
        db: ctx.database.db,
        log,
        now: () => new Date(),
        from: 'support@example.com',
        retry: { maxAttempts: 6, baseDelaySeconds: 60 },
        transport,
      });
      const smtpApp = await buildTestApp(ctx.database, { mailer });
      try {
        const body = allSteps();
        const res = await create(body, {}, smtpApp);
        expect(res.statusCode, res.body).toBe(201);
        await smtpApp.close(); // waits for the delivery
        const [row] = await ctx.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, String(body.email)));
        expect(row?.sentAt).toBeNull();
        expect(row?.error).toContain('ECONNREFUSED');
        expect(await userByEmail(String(body.email))).toBeDefined();
        expect(await findOutboxEmail(ctx.database.db, row?.id ?? '')).toBeDefined();
      } finally {
        await smtpApp.close();
      }
    });
  });

  describe('rate limits', () => {
    it('answers 429 once the validator exceeds its limit per IP', async () => {
      const limited = await buildTestApp(ctx.database, {
        env: { RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE: '2' },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.inject({
            method: 'POST',
            url: '/v2/professional/users/validator',
            payload: { step: 3, values: stepThree() },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });

    it('answers 429 once creation exceeds its limit per IP', async () => {
      const limited = await buildTestApp(ctx.database, {
        env: { RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE: '1' },
      });
      try {
        const first = await create(allSteps(), {}, limited);
        const second = await create(allSteps(), {}, limited);
        expect([first.statusCode, second.statusCode]).toEqual([201, 429]);
        expect(second.json()).toMatchObject({ code: 'RATE_LIMITED' });
      } finally {
        await limited.close();
      }
    });
  });
});
