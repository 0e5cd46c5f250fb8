import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { emailOutbox, signups } from '../../db/schema.js';
import {
  createSignup,
  getSignup,
  paySignup,
  saveFamily,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  captureLogs,
  uniqueEmail,
  useTestDatabase,
} from '../../test/test-app.js';

const MINUTE = 60_000;
const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  LOG_LEVEL: 'info',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};
const LINK = /https:\/\/join\.example\.test\/app\/join\/resume\?token=([\w-]{43})/;

describe.each(BACKENDS)('the resume email of an unfinished signup on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  const logs = captureLogs();
  let app: App;
  let clock = Date.now();

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: ENV,
      now: () => new Date(clock),
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const resumeEmailsTo = (email: string) =>
    ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'signup-resume')));

  /** The token of the signup's one resume email. */
  async function resumeToken(signup: TestSignup): Promise<string> {
    const [email, ...more] = await resumeEmailsTo(signup.email);
    expect(more).toEqual([]);
    const token = email?.textBody?.match(LINK)?.[1];
    if (!token) throw new Error('no resume link');
    return token;
  }

  const resume = (token: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/v2/signups/resume',
      headers: cookie ? { cookie } : {},
      payload: { token },
    });

  /** The `name=value` of a Set-Cookie header. */
  const cookieOf = (header: unknown) => String(header).split(';')[0] ?? '';

  it('emails once, an hour after the last save, in the signup language', async () => {
    clock = Date.now();
    const signup = await createSignup(app);
    clock += 59 * MINUTE;
    await app.resumeEmails.runOnce();
    expect(await resumeEmailsTo(signup.email)).toEqual([]);

    clock += 2 * MINUTE;
    await app.resumeEmails.runOnce();
    const [email] = await resumeEmailsTo(signup.email);
    expect(email).toMatchObject({ locale: 'en', subject: 'Continue your CoParent Hub signup' });
    const [row] = await ctx.database.db
      .select()
      .from(signups)
      .where(eq(signups.id, signup.signupId));
    expect(email?.secretsExpireAt).toEqual(row?.expiresAt);

    clock += 24 * 60 * MINUTE;
    await app.resumeEmails.runOnce();
    expect(await resumeEmailsTo(signup.email)).toHaveLength(1);
  });

  it('writes in Spanish for a signup made in Spanish', async () => {
    clock = Date.now();
    const email = uniqueEmail('es');
    const res = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      headers: { language: 'es-MX' },
      payload: {
        sections: ['PARENT'],
        parent: {
          firstName: 'Ana',
          lastName: 'López',
          email,
          phoneCountryCode: 'MEXICO',
          phoneNumber: '5512345678',
        },
        knowsCoParentEmail: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    clock += 61 * MINUTE;
    await app.resumeEmails.runOnce();
    const [sent] = await resumeEmailsTo(email);
    expect(sent).toMatchObject({
      locale: 'es-MX',
      subject: 'Continúa tu registro en CoParent Hub',
    });
    expect(sent?.textBody).toContain('Hola, Ana:');
  });

  it('sends nothing for a paid signup nor one started again with the same email', async () => {
    clock = Date.now();
    const paid = await signupReadyToPay(app);
    await paySignup(app, paid);
    const restarted = await createSignup(app);
    clock += MINUTE;
    const again = await createSignup(app, { email: restarted.email.toUpperCase() });
    clock += 61 * MINUTE;
    await app.resumeEmails.runOnce();
    expect(await resumeEmailsTo(paid.email)).toEqual([]);
    // Only the newer signup is emailed (the email is compared without regard to case).
    const sent = await ctx.database.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'signup-resume'));
    expect(sent.filter((row) => row.to.toLowerCase() === restarted.email)).toHaveLength(1);
    expect(sent.map((row) => row.to)).toContain(again.email);
  });

  it('the link works once, in any browser, and rotates the registration key', async () => {
    clock = Date.now();
    const signup = await createSignup(app);
    expect((await saveFamily(app, signup)).statusCode).toBe(200);
    clock += 61 * MINUTE;
    await app.resumeEmails.runOnce();
    const token = await resumeToken(signup);

    // A new browser: no cookie. The answer is the signup, and the cookie its new key.
    const used = await resume(token);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ signupId: signup.signupId, lastCompletedStep: 2 });
    const setCookie = used.headers['set-cookie'];
    expect(String(setCookie)).toMatch(/^coparent_signup=[^;]+;.*HttpOnly/);
    const cookie = cookieOf(setCookie);
    expect(cookie).toContain(`${signup.signupId}.`);
    expect(cookie).not.toContain(signup.registrationKey);

    // The new browser finds its signup from the cookie (as the funnel's pages do).
    const current = await app.inject({
      method: 'GET',
      url: '/v2/signups/current',
      headers: { cookie },
    });
    expect(current.json()).toMatchObject({ signupId: signup.signupId });
    // The key of the browser that left stops working, and so does the link.
    expect((await getSignup(app, signup)).statusCode).toBe(403);
    const again = await resume(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'RESUME_LINK_INVALID' });

    // The token never reaches the logs (neither the page's address nor the call).
    await app.inject({ method: 'GET', url: `/app/join/resume?token=${token}` });
    expect(logs.text()).toContain('/app/join/resume?token=[Redacted]');
    expect(logs.text()).not.toContain(token);
  });

  it('refuses the link of a paid or expired signup', async () => {
    clock = Date.now();
    const paid = await signupReadyToPay(app);
    clock += 61 * MINUTE;
    await app.resumeEmails.runOnce();
    const paidToken = await resumeToken(paid);
    await paySignup(app, paid);
    expect((await resume(paidToken)).statusCode).toBe(410);

    const expiring = await createSignup(app);
    clock += 61 * MINUTE;
    await app.resumeEmails.runOnce();
    const expiredToken = await resumeToken(expiring);
    clock += 72 * 60 * MINUTE;
    expect((await resume(expiredToken)).statusCode).toBe(410);
    expect((await resume('not-a-token')).statusCode).toBe(410);
  });
});
