import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxEmail } from '../../adapters/mail/outbox.js';
import type { App } from '../../app.js';
import {
  buildTestApp,
  PRODUCTION_TEST_ENV,
  uniqueEmail,
  useTestDatabase,
} from '../../test/test-app.js';

const escapeHtmlText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

type Message = { to: string; subject: string; text: string; template: string; locale: string };

describe('GET /v2/dev/mailbox', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  const message = (to: string, subject: string) => ({
    to,
    template: 'test',
    locale: 'en',
    subject,
    text: `Hello ${to}`,
    secretsExpireAt: null,
  });

  it('lists the latest outbox messages, newest first', async () => {
    const to = uniqueEmail('mailbox');
    await insertOutboxEmail(ctx.database.db, message(to, 'first'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await insertOutboxEmail(ctx.database.db, message(to, 'second'));
    const res = await app.inject({ method: 'GET', url: '/v2/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json() as { messages: Message[] };
    expect(messages.slice(0, 2).map((m) => m.subject)).toEqual(['second', 'first']);
    expect(messages[0]).toMatchObject({
      to,
      template: 'test',
      locale: 'en',
      text: `Hello ${to}`,
      html: null,
      sentAt: null,
      error: null,
      createdAt: expect.any(String),
    });
  });

  it('filters by recipient (any case) and limits', async () => {
    const to = uniqueEmail('filtered');
    await insertOutboxEmail(ctx.database.db, message(to, 'one'));
    await insertOutboxEmail(ctx.database.db, message(uniqueEmail('other'), 'other'));
    const res = await app.inject({
      method: 'GET',
      url: `/v2/dev/mailbox?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect((res.json() as { messages: Message[] }).messages.map((m) => m.subject)).toEqual(['one']);
    const limited = await app.inject({ method: 'GET', url: '/v2/dev/mailbox?limit=1' });
    expect((limited.json() as { messages: Message[] }).messages).toHaveLength(1);
    const bad = await app.inject({ method: 'GET', url: '/v2/dev/mailbox?limit=0' });
    expect(bad.statusCode).toBe(422);
  });

  it('filters by template, older messages of that template reached past newer others', async () => {
    const to = uniqueEmail('templated');
    await insertOutboxEmail(ctx.database.db, { ...message(to, 'kept'), template: 'rare-kind' });
    for (let i = 0; i < 3; i += 1) {
      await insertOutboxEmail(ctx.database.db, message(uniqueEmail('newer'), `newer ${i}`));
    }
    const res = await app.inject({
      method: 'GET',
      url: '/v2/dev/mailbox?template=rare-kind&limit=1',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { messages: Message[] }).messages.map((m) => m.subject)).toEqual([
      'kept',
    ]);
  });

  it('shows the welcome email of a professional registration', async () => {
    const email = uniqueEmail('pro');
    const res = await app.inject({
      method: 'POST',
      url: '/v2/professional/users',
      payload: {
        firstName: 'Eva',
        lastName: 'Ruiz',
        email,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '5551234567',
        hearAboutUs: 'SEARCH_ENGINE',
        practiceName: 'Ruiz Family Law',
        addressLine1: '1 Court Sq',
        country: 'US',
        city: 'Denver',
        region: 'CO',
        postalCode: '80202',
        timezone: 'America/Denver',
        roles: ['MEDIATOR'],
        securityQuestion: 'What was my first school?',
        securityAnswer: 'Benito Juarez',
        securityCode: '2468',
        securityCodeConfirm: '2468',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mailbox = await app.inject({
      method: 'GET',
      url: `/v2/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    const [welcome] = (mailbox.json() as { messages: Message[] }).messages;
    expect(welcome).toMatchObject({ to: email, template: 'professional-welcome' });
    expect(welcome?.text).toContain('/app/account/login');
  });

  it('GET /app/dev/mailbox shows the outbox as a page: escaped, newest first, links clickable', async () => {
    const to = uniqueEmail('page');
    await insertOutboxEmail(ctx.database.db, {
      ...message(to, 'Older'),
      text: 'Nothing to click',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await insertOutboxEmail(ctx.database.db, {
      ...message(to, '<script>alert(1)</script> & invite'),
      text: 'Accept here: https://join.example.test/app/join/invite?token=abc_DEF-123&x=1. Thanks',
    });
    const res = await app.inject({
      method: 'GET',
      url: `/app/dev/mailbox?to=${encodeURIComponent(to)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; invite');
    expect(html).toContain(
      '<a href="https://join.example.test/app/join/invite?token=abc_DEF-123&amp;x=1">https://join.example.test/app/join/invite?token=abc_DEF-123&amp;x=1</a>. Thanks',
    );
    expect(html.indexOf('invite')).toBeLessThan(html.indexOf('Older'));
    expect(html).toContain(escapeHtmlText(to));
  });

  it('does not exist with NODE_ENV=production', async () => {
    const production = await buildTestApp(ctx.database, {
      env: PRODUCTION_TEST_ENV,
    });
    try {
      const res = await production.inject({ method: 'GET', url: '/v2/dev/mailbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      const page = await production.inject({ method: 'GET', url: '/app/dev/mailbox' });
      expect(page.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
