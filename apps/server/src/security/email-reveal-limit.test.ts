import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLatestOutboxEmails } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import { insertUser } from '../modules/account/repo.js';
import { createSignup, type Json } from '../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  testConfig,
  uniqueEmail,
  useTestDatabase,
} from '../test/test-app.js';
import { createMemoryRevealStore, emailRevealKey } from './email-reveal-limit.js';

// The per-email limit of the answers that reveal an email address has an account, and the notice
// to that account's owner (ARCHITECTURE §5; docs/decisions/017-email-reveal-limit.md).

const GENEROUS_IP_LIMITS = {
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '100000',
  RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE: '100000',
  RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE: '100000',
};
const PUBLIC_URL = testConfig().publicUrl;
const NOTICE = 'account-exists-notice';

/** Step 1 of the signup (POST /v2/signups, PARENT) with `email`, as Ana López types it. */
function signUp(app: App, email: string, extra: Json = {}) {
  return app.inject({
    method: 'POST',
    url: '/v2/signups',
    payload: {
      sections: ['PARENT'],
      parent: {
        firstName: 'Ana',
        lastName: 'López',
        email,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125551234',
      },
      knowsCoParentEmail: true,
      ...extra,
    },
  });
}

function proStepOne(email: string): Json {
  return {
    firstName: 'Eva',
    lastName: 'Ruiz',
    email,
    phoneCountryCode: 'US_CANADA',
    phoneNumber: '5551234567',
    hearAboutUs: 'SEARCH_ENGINE',
  };
}

function proValidate(app: App, email: string) {
  return app.inject({
    method: 'POST',
    url: '/v2/professional/users/validator',
    payload: { step: 1, values: proStepOne(email) },
  });
}

function proCreate(app: App, email: string) {
  return app.inject({
    method: 'POST',
    url: '/v2/professional/users',
    payload: {
      ...proStepOne(email),
      practiceName: 'Ruiz Family Law',
      addressLine1: '1 Court Sq',
      country: 'US',
      city: 'Denver',
      region: 'CO',
      postalCode: '80202',
      timezone: 'America/Denver',
      roles: ['MEDIATOR'],
      securityQuestion: 'What was the name of my first school?',
      securityAnswer: 'Benito Juárez',
      securityCode: '2468',
      securityCodeConfirm: '2468',
    },
  });
}

function saveCoParent(
  app: App,
  signup: { signupId: string; registrationKey: string },
  email: string,
) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey },
    payload: {
      sections: ['FAMILY'],
      coParent: { firstName: 'Bruno', lastName: 'Díaz', email },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
  });
}

const fieldsOf = (res: { json(): unknown }) =>
  (res.json() as { validationErrors: { field: string }[] }).validationErrors.map((e) => e.field);

describe.each(BACKENDS)('email reveal limit on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let clock = new Date('2025-03-10T10:15:00Z');
  const now = () => clock;

  async function owner(options: { locale?: string; timeZone?: string } = {}) {
    const email = uniqueEmail('owner');
    await insertUser(ctx.database.db, { email, firstName: 'Olga', lastName: 'Owner', ...options });
    return email;
  }

  async function withApp(env: Record<string, string>, run: (app: App) => Promise<void>) {
    const app = await buildTestApp(ctx.database, { env: { ...GENEROUS_IP_LIMITS, ...env }, now });
    try {
      await run(app);
    } finally {
      // Closing waits for the notices under way, so the outbox below is complete.
      await app.close();
    }
  }

  const notices = (to: string) =>
    listLatestOutboxEmails(ctx.database.db, { limit: 20, to }).then((rows) =>
      rows.filter((row) => row.template === NOTICE),
    );

  it('answers 429 to the reveal beyond the limit for one email until the hour passes; other emails are unaffected', async () => {
    clock = new Date('2025-03-10T10:15:00Z');
    const taken = await owner();
    const other = await owner();
    await withApp({ EMAIL_REVEAL_LIMIT_PER_HOUR: '3' }, async (app) => {
      for (let i = 0; i < 3; i += 1) {
        const res = await signUp(app, taken);
        expect(res.statusCode, res.body).toBe(422);
        expect(fieldsOf(res)).toEqual(['parentDuplicate']);
      }
      // The same address in another case and with spaces is the same address.
      const limited = await signUp(app, `  ${taken.toUpperCase()} `);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(limited.headers['retry-after']).toBe(String(45 * 60));

      expect(fieldsOf(await signUp(app, other))).toEqual(['parentDuplicate']);
      expect((await signUp(app, uniqueEmail())).statusCode).toBe(201);
      // A visitor who confirmed the duplicate (the /duplicate path) is told nothing new.
      expect((await signUp(app, taken, { parentDuplicateConfirmed: true })).statusCode).toBe(201);

      clock = new Date('2025-03-10T11:00:00Z');
      const nextHour = await signUp(app, taken);
      expect(nextHour.statusCode).toBe(422);
      expect(fieldsOf(nextHour)).toEqual(['parentDuplicate']);
    });
  });

  it('counts the professional validator step 1 and the create 409 against the same email', async () => {
    clock = new Date('2025-03-10T10:15:00Z');
    const taken = await owner();
    await withApp({ EMAIL_REVEAL_LIMIT_PER_HOUR: '3' }, async (app) => {
      expect((await proValidate(app, taken)).statusCode).toBe(409);
      expect((await proCreate(app, taken)).statusCode).toBe(409);
      expect((await signUp(app, taken)).statusCode).toBe(422);
      const validate = await proValidate(app, taken);
      expect(validate.statusCode).toBe(429);
      expect(validate.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await proCreate(app, taken)).statusCode).toBe(429);
      const other = await proValidate(app, await owner());
      expect(other.statusCode).toBe(409);
      expect(fieldsOf(other)).toEqual(['email']);
    });
  });

  it('emails the owner one notice a day, in their language, naming nobody who tried', async () => {
    clock = new Date('2025-03-10T18:00:00Z');
    const taken = await owner({ locale: 'es-MX', timeZone: 'America/Mexico_City' });
    await withApp({}, async (app) => {
      expect((await signUp(app, taken)).statusCode).toBe(422);
      expect((await signUp(app, taken)).statusCode).toBe(422);
      expect((await proValidate(app, taken)).statusCode).toBe(409);
      clock = new Date('2025-03-11T15:00:00Z');
      expect((await proCreate(app, taken)).statusCode).toBe(409);
      expect((await signUp(app, taken)).statusCode).toBe(422);
    });

    const sent = await notices(taken);
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.locale).toBe('es-MX');
      expect(message.toAddress).toBe(taken);
      expect(message.subject).toBe('Alguien usó tu correo electrónico en CoParent Hub');
      expect(message.textBody).toContain('Hola, Olga:');
      expect(message.textBody).toContain(`${PUBLIC_URL}/app/account/login`);
      expect(message.textBody).toContain(`${PUBLIC_URL}/app/account/recover`);
      // Nothing about who tried: not the names typed in the signup or the professional form.
      for (const typed of ['Ana', 'López', 'Eva', 'Ruiz', '2125551234', '5551234567']) {
        expect(`${message.textBody}${message.htmlBody}`).not.toContain(typed);
      }
    }
    // The notices are sent in the background, so the outbox order is not the order of the days.
    const days = sent
      .map((message) => message.textBody?.match(/el \d+ de marzo de 2025/)?.[0])
      .sort();
    expect(days).toEqual(['el 10 de marzo de 2025', 'el 11 de marzo de 2025']);
  });

  it('counts the co-parent duplicate warning and tells the co-parent’s account owner', async () => {
    clock = new Date('2025-03-10T10:15:00Z');
    const coParent = await owner();
    let parentEmail = '';
    await withApp({ EMAIL_REVEAL_LIMIT_PER_HOUR: '2' }, async (app) => {
      const signup = await createSignup(app);
      parentEmail = signup.email;
      for (let i = 0; i < 2; i += 1) {
        const res = await saveCoParent(app, signup, coParent);
        expect(res.statusCode, res.body).toBe(200);
        expect(fieldsOf(res)).toEqual(['coParentDuplicate']);
      }
      const limited = await saveCoParent(app, signup, coParent);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another co-parent address saves as usual.
      const fresh = await saveCoParent(app, signup, uniqueEmail('coparent'));
      expect(fresh.statusCode).toBe(200);
      expect(fieldsOf(fresh)).toEqual([]);
    });

    const sent = await notices(coParent);
    expect(sent).toHaveLength(1);
    const [notice] = sent;
    expect(notice?.locale).toBe('en');
    expect(notice?.textBody).toContain('Hello Olga,');
    expect(notice?.textBody).toContain(
      "On March 10, 2025, someone signing up for CoParent Hub entered your email address as their co-parent's.",
    );
    for (const typed of ['Ana', 'López', parentEmail]) {
      expect(`${notice?.textBody}${notice?.htmlBody}`).not.toContain(typed);
    }
    // Parent A is not emailed about it.
    expect(await notices(parentEmail)).toEqual([]);
  });
});

describe('the memory store', () => {
  it('expires counters and claims on the app clock', async () => {
    let at = new Date('2025-03-10T10:00:00Z');
    const store = createMemoryRevealStore(() => at);
    expect(await store.increment('a', 1_000)).toBe(1);
    expect(await store.increment('a', 1_000)).toBe(2);
    expect(await store.increment('b', 1_000)).toBe(1);
    expect(await store.claim('n', 1_000)).toBe(true);
    expect(await store.claim('n', 1_000)).toBe(false);
    at = new Date(at.getTime() + 1_000);
    expect(await store.increment('a', 1_000)).toBe(1);
    expect(await store.claim('n', 1_000)).toBe(true);
  });
});

// The counters in Redis (REDIS_URL): every instance counts together. Runs when TEST_REDIS_URL is
// set, with a key prefix of its own.
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!TEST_REDIS_URL)('email reveal limit in Redis', () => {
  const ctx = useTestDatabase('pglite');
  const prefix = `coparent-test:${randomBytes(6).toString('hex')}:`;
  const env = {
    ...GENEROUS_IP_LIMITS,
    REDIS_URL: TEST_REDIS_URL ?? '',
    RATE_LIMIT_REDIS_PREFIX: prefix,
    EMAIL_REVEAL_LIMIT_PER_HOUR: '2',
  };
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL ?? '');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the reveals of every instance against one limit, notifies once, and keys by hash', async () => {
    const taken = uniqueEmail('owner');
    await insertUser(ctx.database.db, { email: taken, firstName: 'Olga', lastName: 'Owner' });
    const first = await buildTestApp(ctx.database, { env });
    const second = await buildTestApp(ctx.database, { env });
    try {
      expect((await signUp(first, taken)).statusCode).toBe(422);
      expect((await proValidate(second, taken)).statusCode).toBe(409);
      expect((await signUp(first, taken)).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }

    const sent = await listLatestOutboxEmails(ctx.database.db, { limit: 10, to: taken });
    expect(sent.filter((row) => row.template === NOTICE)).toHaveLength(1);

    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const hash = emailRevealKey(taken);
    expect(keys.filter((key) => key.includes(hash)).length).toBeGreaterThanOrEqual(2);
    const local = taken.split('@')[0] ?? taken;
    expect(keys.some((key) => key.includes(local))).toBe(false);
  });
});

describe('email reveal limit when Redis is unreachable', () => {
  const ctx = useTestDatabase('pglite');

  it('still limits in this instance’s memory instead of failing the call', async () => {
    const taken = uniqueEmail('owner');
    await insertUser(ctx.database.db, { email: taken, firstName: 'Olga', lastName: 'Owner' });
    const app = await buildTestApp(ctx.database, {
      // Nothing listens on port 1.
      env: {
        ...GENEROUS_IP_LIMITS,
        REDIS_URL: 'redis://127.0.0.1:1',
        EMAIL_REVEAL_LIMIT_PER_HOUR: '1',
      },
    });
    try {
      expect((await signUp(app, taken)).statusCode).toBe(422);
      expect((await signUp(app, taken)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
    const sent = await listLatestOutboxEmails(ctx.database.db, { limit: 10, to: taken });
    expect(sent.filter((row) => row.template === NOTICE)).toHaveLength(1);
  });
});
