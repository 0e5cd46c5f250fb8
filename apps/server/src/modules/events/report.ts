import { and, eq, gte, lt, min, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema.js';

/**
 * The Parent A funnel report (staff only): for a window of `received_at`, the distinct visitors
 * (anonymousId) at each step, and the conversion to the next step, overall and per arm of each
 * experiment someone was exposed to in the window ('Experiment Viewed' { experiment, variant }).
 *
 * Counting rule (a strict funnel): a visitor counts at a step when, within the window, they have
 * an event of that step AND of every earlier step (in any order: a visitor who went back is
 * still counted). A visitor who entered after the landing page (e.g. straight to /step1) is in no
 * step. A visitor's arm of an experiment is the variant of their first exposure to it.
 */

type StepMatch =
  | { kind: 'page'; path: string }
  | { kind: 'track'; event: string; path?: string; property?: [name: string, value: string] };

export const FUNNEL_STEPS = [
  { key: 'landing', label: 'Landing (/signup)', match: { kind: 'page', path: '/app/join/signup' } },
  { key: 'step1', label: 'Step 1 (/step1)', match: { kind: 'page', path: '/app/join/step1' } },
  { key: 'step2', label: 'Step 2 (/step2)', match: { kind: 'page', path: '/app/join/step2' } },
  { key: 'step3', label: 'Step 3 (/step3)', match: { kind: 'page', path: '/app/join/step3' } },
  {
    key: 'billing',
    label: 'Payment: billing',
    match: {
      kind: 'track',
      event: 'Checkout Step Viewed',
      path: '/app/join/payment',
      property: ['stepName', 'BILLING'],
    },
  },
  {
    key: 'review',
    label: 'Payment: review',
    match: {
      kind: 'track',
      event: 'Checkout Step Viewed',
      path: '/app/join/payment',
      property: ['stepName', 'REVIEW'],
    },
  },
  {
    key: 'subscription',
    label: 'Subscription created',
    match: { kind: 'track', event: 'Subscription Created', property: ['accountType', 'Parent A'] },
  },
  {
    key: 'credentials',
    label: 'Credentials created',
    match: { kind: 'track', event: 'Credentials Created', path: '/app/join/credentials' },
  },
] as const satisfies readonly { key: string; label: string; match: StepMatch }[];

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]['key'];
export const EXPOSURE_EVENT = 'Experiment Viewed';

export const FunnelStepResultSchema = z.object({
  key: z.enum(FUNNEL_STEPS.map((step) => step.key) as [FunnelStepKey, ...FunnelStepKey[]]),
  label: z.string(),
  visitors: z.number().int(),
  /** visitors of the next step / visitors of this one; null for the last step or 0 visitors. */
  conversionToNext: z.number().nullable(),
});
export type FunnelStepResult = z.infer<typeof FunnelStepResultSchema>;

export const FunnelReportSchema = z.object({
  since: z.string(),
  until: z.string(),
  steps: z.array(FunnelStepResultSchema),
  experiments: z.array(
    z.object({
      experiment: z.string(),
      arms: z.array(z.object({ variant: z.string(), steps: z.array(FunnelStepResultSchema) })),
    }),
  ),
});
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

const SINCE_PATTERN = /^(\d{1,4})([mhdw])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
/** The longest window a report reads (a year). */
const MAX_WINDOW_MS = 366 * UNIT_MS.d;

/** `30m`, `24h`, `7d`, `2w` → milliseconds; null for anything else (or beyond a year). */
export function parseSince(value: string): number | null {
  const match = SINCE_PATTERN.exec(value.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 && ms <= MAX_WINDOW_MS ? ms : null;
}

const e = analyticsEvents;

function matchSql(match: StepMatch): SQL {
  if (match.kind === 'page') return sql`(${e.type} = 'page' and ${e.path} = ${match.path})`;
  const parts: SQL[] = [sql`${e.type} = 'track'`, sql`${e.event} = ${match.event}`];
  if (match.path) parts.push(sql`${e.path} = ${match.path}`);
  if (match.property)
    parts.push(sql`${e.properties} ->> ${match.property[0]} = ${match.property[1]}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** The step an event belongs to (SQL `case`), null for the others. */
const STEP_OF_EVENT = sql<string | null>`case ${sql.join(
  FUNNEL_STEPS.map((step) => sql`when ${matchSql(step.match)} then ${step.key}`),
  sql` `,
)} end`;

function funnelOf(visitorSteps: Map<string, Set<string>>, visitors: Iterable<string>) {
  const counts = FUNNEL_STEPS.map(() => 0);
  for (const visitor of visitors) {
    const reached = visitorSteps.get(visitor);
    if (!reached) continue;
    for (const [index, step] of FUNNEL_STEPS.entries()) {
      if (!reached.has(step.key)) break;
      counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  return FUNNEL_STEPS.map((step, index): FunnelStepResult => {
    const visitors = counts[index] ?? 0;
    const next = counts[index + 1];
    return {
      key: step.key,
      label: step.label,
      visitors,
      conversionToNext: next === undefined || visitors === 0 ? null : next / visitors,
    };
  });
}

/** The report for `[until - windowMs, until)`. */
export async function funnelReport(
  db: Executor,
  options: { windowMs: number; until: Date },
): Promise<FunnelReport> {
  const since = new Date(options.until.getTime() - options.windowMs);
  const inWindow = and(gte(e.receivedAt, since), lt(e.receivedAt, options.until));

  const stepRows = await db
    .selectDistinct({ anonymousId: e.anonymousId, step: STEP_OF_EVENT })
    .from(e)
    .where(and(inWindow, sql`${STEP_OF_EVENT} is not null`));
  const visitorSteps = new Map<string, Set<string>>();
  for (const row of stepRows) {
    if (!row.step) continue;
    const steps = visitorSteps.get(row.anonymousId) ?? new Set<string>();
    steps.add(row.step);
    visitorSteps.set(row.anonymousId, steps);
  }

  const experiment = sql<string | null>`${e.properties} ->> 'experiment'`;
  const variant = sql<string | null>`${e.properties} ->> 'variant'`;
  const exposures = await db
    .select({ anonymousId: e.anonymousId, experiment, variant, firstAt: min(e.occurredAt) })
    .from(e)
    .where(and(inWindow, eq(e.type, 'track'), eq(e.event, EXPOSURE_EVENT)))
    .groupBy(e.anonymousId, experiment, variant);

  // experiment → visitor → their first arm.
  const firstArm = new Map<string, Map<string, { variant: string; at: number }>>();
  for (const row of exposures) {
    if (!row.experiment || !row.variant) continue;
    const at = row.firstAt ? new Date(row.firstAt).getTime() : 0;
    const visitors = firstArm.get(row.experiment) ?? new Map();
    const known = visitors.get(row.anonymousId);
    if (!known || at < known.at) visitors.set(row.anonymousId, { variant: row.variant, at });
    firstArm.set(row.experiment, visitors);
  }

  const experiments = [...firstArm.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, visitors]) => {
      const arms = new Map<string, string[]>();
      for (const [visitor, arm] of visitors) {
        arms.set(arm.variant, [...(arms.get(arm.variant) ?? []), visitor]);
      }
      return {
        experiment: name,
        arms: [...arms.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([armName, armVisitors]) => ({
            variant: armName,
            steps: funnelOf(visitorSteps, armVisitors),
          })),
      };
    });

  return {
    since: since.toISOString(),
    until: options.until.toISOString(),
    steps: funnelOf(visitorSteps, visitorSteps.keys()),
    experiments,
  };
}

function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

function table(steps: readonly FunnelStepResult[]): string[] {
  const width = Math.max(...steps.map((step) => step.label.length), 'Step'.length);
  const lines = [`  ${'Step'.padEnd(width)}  ${'Visitors'.padStart(8)}  ${'→ next'.padStart(7)}`];
  for (const step of steps) {
    lines.push(
      `  ${step.label.padEnd(width)}  ${String(step.visitors).padStart(8)}  ${percent(step.conversionToNext).padStart(7)}`,
    );
  }
  return lines;
}

/** The report as plain text (the `report:funnel` script prints it). */
export function formatFunnelReport(report: FunnelReport): string {
  const lines = [
    `Parent A funnel, ${report.since} to ${report.until}`,
    '(visitors: distinct anonymous ids that reached the step and every earlier one)',
    '',
    'All visitors',
    ...table(report.steps),
  ];
  if (report.experiments.length === 0) lines.push('', 'No experiment exposures in this window.');
  for (const { experiment, arms } of report.experiments) {
    for (const arm of arms) {
      lines.push('', `Experiment ${experiment}: ${arm.variant}`, ...table(arm.steps));
    }
  }
  return lines.join('\n');
}
