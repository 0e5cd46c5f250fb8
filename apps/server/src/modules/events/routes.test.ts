import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { analyticsEvents } from '../../db/schema.js';
import { loggedInParent } from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  PRODUCTION_TEST_ENV,
  useTestDatabase,
} from '../../test/test-app.js';
import { setStaff } from '../staff/staff.js';
import type { EventForwarder, ForwardedEvent } from './forwarder.js';

const ENV = {
  RATE_LIMIT_EVENTS_PER_MINUTE: '100000',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

function fakeForwarder() {
  const forwarded: ForwardedEvent[][] = [];
  const forwarder: EventForwarder = {
    forward: (events) => {
      forwarded.push([...events]);
    },
    close: async () => {},
  };
  return { forwarder, forwarded };
}

const messageId = () => `m-${randomUUID()}`;

function trackEvent(overrides: Record<string, unknown> = {}) {
  return {
    type: 'track',
    event: 'Join Step Completed',
    properties: { step: 1 },
    anonymousId: 'anon-1',
    timestamp: new Date().toISOString(),
    messageId: messageId(),
    context: { page: { path: '/app/join/step1' } },
    ...overrides,
  };
}

describe.each(BACKENDS)('POST /v2/events on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  const fake = fakeForwarder();
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV, eventForwarder: fake.forwarder });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v2/events', payload: payload as object, headers });
  const stored = (id: string) =>
    ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.messageId, id));

  it('stores a batch of track, page and identify events and answers 202', async () => {
    const anonymousId = `anon-${randomUUID()}`;
    const batch = [
      trackEvent({ anonymousId }),
      {
        type: 'page',
        name: '/app/join/step2',
        anonymousId,
        timestamp: '2025-05-01T10:00:00.000Z',
        messageId: messageId(),
        context: { page: { path: '/app/join/step2' } },
      },
      {
        type: 'identify',
        userId: 'user-1',
        traits: { kind: 'PARENT' },
        anonymousId,
        timestamp: '2025-05-01T10:00:01.000Z',
        messageId: messageId(),
      },
    ];
    const res = await post({ batch, sentAt: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 3 });

    const [track] = await stored(batch[0]?.messageId as string);
    expect(track).toMatchObject({
      type: 'track',
      event: 'Join Step Completed',
      anonymousId,
      path: '/app/join/step1',
      properties: { step: 1 },
    });
    const [page] = await stored(batch[1]?.messageId as string);
    expect(page).toMatchObject({ type: 'page', path: '/app/join/step2' });
    expect(page?.occurredAt.toISOString()).toBe('2025-05-01T10:00:00.000Z');
    const [identify] = await stored(batch[2]?.messageId as string);
    expect(identify).toMatchObject({
      type: 'identify',
      userId: 'user-1',
      properties: { kind: 'PARENT' },
    });
  });

  it('stores a retried event once (same messageId) and forwards it once', async () => {
    const event = trackEvent();
    const before = fake.forwarded.length;
    expect((await post({ batch: [event] })).statusCode).toBe(202);
    expect((await post({ batch: [event, event] })).statusCode).toBe(202);
    expect(await stored(event.messageId)).toHaveLength(1);
    const forwardedIds = fake.forwarded
      .slice(before)
      .flat()
      .map((e) => e.messageId);
    expect(forwardedIds).toEqual([event.messageId]);
  });

  it('forwards the stored batch, sanitised, to the configured destination', async () => {
    const event = trackEvent({ properties: { step: 2, email: 'ana@example.com' } });
    const before = fake.forwarded.length;
    expect((await post({ batch: [event] })).statusCode).toBe(202);
    expect(fake.forwarded.slice(before)).toEqual([
      [
        expect.objectContaining({
          type: 'track',
          messageId: event.messageId,
          event: 'Join Step Completed',
          properties: { step: 2 },
          path: '/app/join/step1',
        }),
      ],
    ]);
  });

  it('drops identifying properties and query strings before storing', async () => {
    const event = trackEvent({
      properties: {
        step: 1,
        email: 'ana@example.com',
        parentEmail: 'x',
        password: 'Secret123!',
        clickToJoinToken: 'abc',
        cardNumber: '4111111111111111',
        phoneNumber: '2125551234',
        nested: { authorization: 'Bearer x', kept: 'yes', note: 'write to ana@example.com' },
        from: '/duplicate',
      },
      userId: 'ana@example.com',
      context: { page: { path: '/app/join/invite?token=secret-token#x' } },
    });
    expect((await post({ batch: [event] })).statusCode).toBe(202);
    const [row] = await stored(event.messageId);
    expect(row?.properties).toEqual({ step: 1, nested: { kept: 'yes' }, from: '/duplicate' });
    expect(row?.userId).toBeNull();
    expect(row?.path).toBe('/app/join/invite');
  });

  it('keeps the 202 when forwarding fails', async () => {
    const failing: EventForwarder = {
      forward: () => {
        throw new Error('segment down');
      },
      close: async () => {},
    };
    const other = await buildTestApp(ctx.database, { env: ENV, eventForwarder: failing });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/v2/events',
        payload: { batch: [trackEvent()] },
      });
      expect(res.statusCode).toBe(202);
    } finally {
      await other.close();
    }
  });

  it('refuses hostile or oversized input with a 4xx, never a 5xx', async () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 50; i += 1) {
      cursor.a = {};
      cursor = cursor.a as Record<string, unknown>;
    }
    const cases: [string, unknown][] = [
      ['empty batch', { batch: [] }],
      ['no batch', {}],
      ['not an array', { batch: 'x' }],
      ['unknown type', { batch: [{ ...trackEvent(), type: 'alias' }] }],
      ['track without event', { batch: [{ ...trackEvent(), event: undefined }] }],
      ['no anonymousId', { batch: [{ ...trackEvent(), anonymousId: undefined }] }],
      ['bad timestamp', { batch: [trackEvent({ timestamp: 'yesterday' })] }],
      ['bad messageId', { batch: [trackEvent({ messageId: 'a b' })] }],
      ['too many events', { batch: Array.from({ length: 101 }, () => trackEvent()) }],
      ['deep properties', { batch: [trackEvent({ properties: deep })] }],
      [
        'too many keys',
        {
          batch: [
            trackEvent({
              properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i])),
            }),
          ],
        },
      ],
      ['properties too big', { batch: [trackEvent({ properties: { a: 'x'.repeat(9000) } })] }],
      ['properties an array', { batch: [trackEvent({ properties: [1, 2] })] }],
    ];
    for (const [name, payload] of cases) {
      const res = await post(payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
    }
    const huge = { batch: [trackEvent({ properties: { a: 'x'.repeat(70_000) } })] };
    expect((await post(huge)).statusCode).toBe(413);
    const text = await app.inject({
      method: 'POST',
      url: '/v2/events',
      payload: JSON.stringify({ batch: [trackEvent()] }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const malformed = await app.inject({
      method: 'POST',
      url: '/v2/events',
      payload: '{"batch": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('limits batches per client IP', async () => {
    const limited = await buildTestApp(ctx.database, {
      env: { ...ENV, RATE_LIMIT_EVENTS_PER_MINUTE: '2' },
      eventForwarder: fake.forwarder,
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.inject({
          method: 'POST',
          url: '/v2/events',
          payload: { batch: [trackEvent()] },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.each(BACKENDS)('GET /v2/admin/funnel on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 401 without a session and 403 STAFF_REQUIRED to a non-staff account', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/v2/admin/funnel' });
    expect(anonymous.statusCode).toBe(401);
    const parent = await loggedInParent(app);
    const refused = await app.inject({
      method: 'GET',
      url: '/v2/admin/funnel?since=7d',
      headers: { cookie: parent.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_REQUIRED' });
  });

  it('answers the report to staff, and 422 for a window it cannot read', async () => {
    const parent = await loggedInParent(app);
    await setStaff(ctx.database.db, parent.username, true);
    const anonymousId = `anon-${randomUUID()}`;
    const stored = await app.inject({
      method: 'POST',
      url: '/v2/events',
      payload: {
        batch: [
          {
            type: 'page',
            anonymousId,
            timestamp: new Date().toISOString(),
            messageId: messageId(),
            context: { page: { path: '/app/join/signup' } },
          },
        ],
      },
    });
    expect(stored.statusCode).toBe(202);
    const res = await app.inject({
      method: 'GET',
      url: '/v2/admin/funnel?since=24h',
      headers: { cookie: parent.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json();
    expect(report.steps[0]).toMatchObject({ key: 'landing', visitors: 1, conversionToNext: 0 });
    expect(report.steps.map((step: { key: string }) => step.key)).toEqual([
      'landing',
      'step1',
      'step2',
      'step3',
      'billing',
      'review',
      'subscription',
      'credentials',
    ]);
    for (const since of ['forever', '0d', '400d', '7']) {
      const bad = await app.inject({
        method: 'GET',
        url: `/v2/admin/funnel?since=${since}`,
        headers: { cookie: parent.cookie },
      });
      expect(bad.statusCode, since).toBe(422);
    }
  });
});

describe.each(BACKENDS)('POST /v2/dev/staff on %s', (backend) => {
  const ctx = useTestDatabase(backend);

  it('does not exist, outside production as in production: staff comes from `npm run staff`', async () => {
    const app = await buildTestApp(ctx.database, { env: ENV });
    try {
      const parent = await loggedInParent(app);
      const granted = await app.inject({
        method: 'POST',
        url: '/v2/dev/staff',
        payload: { username: parent.username },
      });
      expect(granted.statusCode, granted.body).toBe(404);
      const refused = await app.inject({
        method: 'GET',
        url: '/v2/admin/funnel',
        headers: { cookie: parent.cookie },
      });
      expect(refused.statusCode).toBe(403);
      // What the command line does.
      await setStaff(ctx.database.db, parent.username, true);
      const report = await app.inject({
        method: 'GET',
        url: '/v2/admin/funnel',
        headers: { cookie: parent.cookie },
      });
      expect(report.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const production = await buildTestApp(ctx.database, { env: PRODUCTION_TEST_ENV });
    try {
      const res = await production.inject({
        method: 'POST',
        url: '/v2/dev/staff',
        payload: { username: 'anyone' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
