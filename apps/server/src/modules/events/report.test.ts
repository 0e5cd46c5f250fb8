import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, type NewAnalyticsEventRow } from '../../db/schema.js';
import { BACKENDS, useTestDatabase } from '../../test/test-app.js';
import { formatFunnelReport, funnelReport, parseSince } from './report.js';

const UNTIL = new Date('2025-06-08T00:00:00.000Z');
const DAY = 86_400_000;
const IN_WINDOW = new Date(UNTIL.getTime() - 2 * DAY);

type Step = 'landing' | 'step1' | 'step2' | 'step3' | 'billing' | 'review' | 'sub' | 'cred';

/** The events a visitor's browser sends at each Parent A step. */
function eventsOf(anonymousId: string, steps: Step[], receivedAt = IN_WINDOW) {
  const row = (values: Partial<NewAnalyticsEventRow>): NewAnalyticsEventRow => ({
    messageId: randomUUID(),
    type: 'track',
    anonymousId,
    occurredAt: receivedAt,
    receivedAt,
    ...values,
  });
  const page = (path: string) => row({ type: 'page', event: path, path });
  const byStep: Record<Step, () => NewAnalyticsEventRow> = {
    landing: () => page('/app/join/signup'),
    step1: () => page('/app/join/step1'),
    step2: () => page('/app/join/step2'),
    step3: () => page('/app/join/step3'),
    billing: () =>
      row({
        event: 'Checkout Step Viewed',
        path: '/app/join/payment',
        properties: { step: 1, stepName: 'BILLING' },
      }),
    review: () =>
      row({
        event: 'Checkout Step Viewed',
        path: '/app/join/payment',
        properties: { step: 3, stepName: 'REVIEW' },
      }),
    sub: () =>
      row({
        event: 'Subscription Created',
        path: '/app/join/payment',
        properties: { accountType: 'Parent A' },
      }),
    cred: () => row({ event: 'Credentials Created', path: '/app/join/credentials' }),
  };
  return steps.map((step) => byStep[step]());
}

function exposure(anonymousId: string, variant: string, at = IN_WINDOW) {
  return {
    messageId: randomUUID(),
    type: 'track',
    event: 'Experiment Viewed',
    anonymousId,
    properties: { experiment: 'checkout-copy', variant },
    occurredAt: at,
    receivedAt: at,
  } satisfies NewAnalyticsEventRow;
}

const ALL: Step[] = ['landing', 'step1', 'step2', 'step3', 'billing', 'review', 'sub', 'cred'];

describe.each(BACKENDS)('the funnel report on %s', (backend) => {
  const ctx = useTestDatabase(backend);

  it('counts visitors per step, the conversion, and each arm of an experiment', async () => {
    const rows: NewAnalyticsEventRow[] = [
      // Arm "On": a full funnel, one who stops at step 2, one who stops at review.
      ...eventsOf('a1', ALL),
      exposure('a1', 'On'),
      ...eventsOf('a2', ['landing', 'step1', 'step2']),
      exposure('a2', 'On'),
      ...eventsOf('a3', ALL.slice(0, 6)),
      exposure('a3', 'On'),
      // Arm "Off": one at the landing only; one who went back and forth (still counted once).
      ...eventsOf('b1', ['landing']),
      exposure('b1', 'Off'),
      ...eventsOf('b2', ['landing', 'step1', 'step1', 'step2', 'step1']),
      exposure('b2', 'Off', new Date(IN_WINDOW.getTime() - 1000)),
      // b2 saw the other arm later: their first arm counts.
      exposure('b2', 'On'),
      // No exposure; entered straight at /step1 (in no step); outside the window (not counted).
      ...eventsOf('c1', ['landing', 'step1']),
      ...eventsOf('d1', ['step1', 'step2']),
      ...eventsOf('old', ALL, new Date(UNTIL.getTime() - 10 * DAY)),
      // c1 goes on to step 3; the invited co-parent's checkout is not Parent A's funnel.
      ...eventsOf('c1', ['step2', 'step3', 'billing']).map((row) =>
        row.path === '/app/join/payment' ? { ...row, path: '/app/join/invite/payment' } : row,
      ),
    ];
    await ctx.database.db.insert(analyticsEvents).values(rows);

    const report = await funnelReport(ctx.database.db, { windowMs: 7 * DAY, until: UNTIL });
    const visitors = (steps: { visitors: number }[]) => steps.map((step) => step.visitors);

    expect(report.since).toBe('2025-06-01T00:00:00.000Z');
    // landing: a1 a2 a3 b1 b2 c1; step1, step2: a1 a2 a3 b2 c1; step3: a1 a3 c1; billing: a1 a3 …
    expect(visitors(report.steps)).toEqual([6, 5, 5, 3, 2, 2, 1, 1]);
    expect(report.steps[0]?.conversionToNext).toBeCloseTo(5 / 6);
    expect(report.steps[3]?.conversionToNext).toBeCloseTo(2 / 3);
    expect(report.steps[4]?.conversionToNext).toBe(1);
    expect(report.steps[7]?.conversionToNext).toBeNull();

    expect(report.experiments).toHaveLength(1);
    const [experiment] = report.experiments;
    expect(experiment?.experiment).toBe('checkout-copy');
    const arms = Object.fromEntries(
      (experiment?.arms ?? []).map((arm) => [arm.variant, visitors(arm.steps)]),
    );
    expect(arms).toEqual({
      Off: [2, 1, 1, 0, 0, 0, 0, 0],
      On: [3, 3, 3, 2, 2, 2, 1, 1],
    });
    const off = experiment?.arms.find((arm) => arm.variant === 'Off');
    expect(off?.steps[0]?.conversionToNext).toBe(0.5);
    expect(off?.steps[3]?.conversionToNext).toBeNull();

    const text = formatFunnelReport(report);
    expect(text).toContain('Parent A funnel, 2025-06-01T00:00:00.000Z to 2025-06-08T00:00:00.000Z');
    expect(text).toMatch(/Landing \(\/signup\)\s+6\s+83\.3%/);
    expect(text).toContain('Experiment checkout-copy: On');
    expect(text).toMatch(/Credentials created\s+1\s+–/);
  });

  it('reads the windows people type', () => {
    expect(parseSince('7d')).toBe(7 * DAY);
    expect(parseSince('24h')).toBe(DAY);
    expect(parseSince('30m')).toBe(30 * 60_000);
    expect(parseSince('2w')).toBe(14 * DAY);
    for (const bad of ['', '7', 'd', '0d', '400d', '-1d', '1y', '7 days']) {
      expect(parseSince(bad), bad).toBeNull();
    }
  });
});
