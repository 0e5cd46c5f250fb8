import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { analyticsEvents } from '../../db/schema.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import type { EventForwarder, ForwardedEvent } from './forwarder.js';
import { funnelReport } from './report.js';

/**
 * The staff report's arms come from 'Experiment Viewed' events anyone can POST: only the flag
 * file's experiments and arms are taken, and a visitor's exposure to an experiment counts once.
 */

const XSS = '<img src=x onerror=alert(1)>';

function exposure(anonymousId: string, experiment: string, variant: string, at = new Date()) {
  return {
    type: 'track',
    event: 'Experiment Viewed',
    properties: { experiment, variant },
    anonymousId,
    timestamp: at.toISOString(),
    messageId: `m-${randomUUID()}`,
    context: { page: { path: '/app/join/signup' } },
  };
}

function landing(anonymousId: string) {
  return {
    type: 'page',
    name: '/app/join/signup',
    anonymousId,
    timestamp: new Date().toISOString(),
    messageId: `m-${randomUUID()}`,
    context: { page: { path: '/app/join/signup' } },
  };
}

describe.each(BACKENDS)('exposures in POST /v2/events on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  const forwarded: ForwardedEvent[] = [];
  const forwarder: EventForwarder = {
    forward: (events) => {
      forwarded.push(...events);
    },
    close: async () => {},
  };
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: { RATE_LIMIT_EVENTS_PER_MINUTE: '100000' },
      eventForwarder: forwarder,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (batch: unknown[]) =>
    app.inject({ method: 'POST', url: '/v2/events', payload: { batch } });

  const storedExposures = (anonymousId: string) =>
    ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.anonymousId, anonymousId),
          eq(analyticsEvents.event, 'Experiment Viewed'),
        ),
      );

  const report = () =>
    funnelReport(ctx.database.db, { windowMs: 3_600_000, until: new Date(Date.now() + 60_000) });

  it('drops an experiment or arm the flag file does not define; the rest of the batch is kept', async () => {
    const visitor = `forger-${randomUUID()}`;
    const res = await send([
      landing(visitor),
      exposure(visitor, XSS, 'Treatment'),
      exposure(visitor, 'social-proof', XSS),
      exposure(visitor, 'social-proof', 'Off'),
      exposure(visitor, 'no-such-experiment', 'Control'),
      // The server decides this one at the sale and records it itself.
      exposure(visitor, 'uk-card-provider', 'Treatment'),
      {
        ...exposure(visitor, 'social-proof', 'Control'),
        properties: { experiment: 'social-proof' },
      },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    expect(await storedExposures(visitor)).toHaveLength(0);
    const page = await ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.anonymousId, visitor));
    expect(page.map((row) => row.type)).toEqual(['page']);
    expect(JSON.stringify(forwarded)).not.toContain(XSS);
    const { experiments } = await report();
    expect(JSON.stringify(experiments)).not.toContain(XSS);
    expect(experiments.map((e) => e.experiment)).not.toContain('no-such-experiment');
  });

  it('counts a visitor once per experiment: a later or back-dated exposure changes nothing', async () => {
    const visitor = `visitor-${randomUUID()}`;
    const first = await send([landing(visitor), exposure(visitor, 'social-proof', 'Treatment')]);
    expect(first.statusCode, first.body).toBe(202);
    const treatmentBefore = await armVisitors('Treatment');
    const controlBefore = await armVisitors('Control');

    // The same visitor claims the other arm, an hour earlier, twice in one batch, then again.
    const earlier = new Date(Date.now() - 3_000_000);
    const again = await send([
      exposure(visitor, 'social-proof', 'Control', earlier),
      exposure(visitor, 'social-proof', 'Control', earlier),
    ]);
    expect(again.statusCode, again.body).toBe(202);
    await send([exposure(visitor, 'social-proof', 'Treatment')]);

    const stored = await storedExposures(visitor);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.properties).toEqual({ experiment: 'social-proof', variant: 'Treatment' });
    expect(
      forwarded.filter(
        (event) => event.anonymousId === visitor && event.event === 'Experiment Viewed',
      ),
    ).toHaveLength(1);
    expect(await armVisitors('Treatment')).toBe(treatmentBefore);
    expect(await armVisitors('Control')).toBe(controlBefore);
  });

  async function armVisitors(variant: string): Promise<number> {
    const { experiments } = await report();
    const arms = experiments.find((e) => e.experiment === 'social-proof')?.arms ?? [];
    return arms.find((arm) => arm.variant === variant)?.steps[0]?.visitors ?? 0;
  }
});
