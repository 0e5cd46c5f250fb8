import { PAYMENT_TYPES } from '@coparent/domain';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  MESSAGE_CHANNELS,
  MESSAGE_OUTCOMES,
  type Metrics,
  PAYMENT_OUTCOMES,
  RATE_LIMITS,
  RECONCILIATION_OUTCOMES,
  STEP_SECTIONS,
  stepLabel,
} from './metrics.js';
import { processMetricsRegistry } from './process-metrics.js';

/** A connection pool's figures at scrape time (node-postgres: `totalCount`, `idleCount`, …). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type PrometheusMetrics = {
  /** The port the services count through. */
  metrics: Metrics;
  /** One answered request: `route` is the route's pattern, never the URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** The Prometheus text of this app's metrics and the process's. */
  scrape(): Promise<string>;
  contentType: string;
};

/**
 * The metrics of one app: its own registry (two apps in one process never share a series), plus
 * the process-wide registry's lines at scrape time. `poolStats` reads the database pool, when
 * there is one (node-postgres; PGlite has a single in-process connection and no pool).
 */
export function createPrometheusMetrics(
  options: { poolStats?: (() => PoolStats) | undefined } = {},
): PrometheusMetrics {
  const registry = new Registry();
  const registers = [registry];
  const processRegistry = processMetricsRegistry();

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status code, and their latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  /** A counter of this app's registry; `labelNames` name the dimensions it is split by. */
  const counter = <L extends string = never>(name: string, help: string, labelNames: L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });

  const signupsStarted = counter('coparent_signups_started_total', 'Signups created');
  const stepsCompleted = counter(
    'coparent_signup_steps_completed_total',
    'Join funnel steps completed for the first time in their signup, by step',
    ['step'],
  );
  const payments = counter(
    'coparent_payments_total',
    'New payment attempts by how they ended and the payment method',
    ['outcome', 'method'],
  );
  const messages = counter(
    'coparent_messages_total',
    'Messages to people by channel (email, sms) and outcome',
    ['channel', 'outcome'],
  );
  const reconciliations = counter(
    'coparent_payment_reconciliations_total',
    'Abandoned payment attempts settled by reconciliation, and late charges reversed',
    ['outcome'],
  );
  const rateLimitRefusals = counter(
    'coparent_rate_limit_refusals_total',
    'Requests refused (429) by a rate limit, by limit',
    ['limit'],
  );

  // Every series of a closed label set exists from the start at 0, so a rate shows its first event.
  signupsStarted.inc(0);
  for (const section of STEP_SECTIONS) stepsCompleted.inc({ step: stepLabel(section) }, 0);
  for (const outcome of PAYMENT_OUTCOMES) {
    for (const method of PAYMENT_TYPES) payments.inc({ outcome, method }, 0);
  }
  for (const channel of MESSAGE_CHANNELS) {
    for (const outcome of MESSAGE_OUTCOMES) messages.inc({ channel, outcome }, 0);
  }
  for (const outcome of RECONCILIATION_OUTCOMES) reconciliations.inc({ outcome }, 0);
  for (const limit of RATE_LIMITS) rateLimitRefusals.inc({ limit }, 0);

  const { poolStats } = options;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_connections', 'Database connections open in the pool', (s) => s.total);
    poolGauge('db_pool_idle_connections', 'Open database connections not in use', (s) => s.idle);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a database connection (pool exhausted)',
      (s) => s.waiting,
    );
    poolGauge('db_pool_max_connections', 'The pool size limit', (s) => s.max);
  }

  const metrics: Metrics = {
    signupStarted: () => signupsStarted.inc(),
    stepCompleted: (step) => stepsCompleted.inc({ step }),
    paymentEnded: (outcome, method) => payments.inc({ outcome, method }),
    message: (channel, outcome, count = 1) => messages.inc({ channel, outcome }, count),
    reconciled: (tally) => {
      for (const outcome of RECONCILIATION_OUTCOMES) {
        const count = tally[outcome] ?? 0;
        if (count > 0) reconciliations.inc({ outcome }, count);
      }
    },
    rateLimitRefused: (limit) => rateLimitRefusals.inc({ limit }),
  };

  return {
    metrics,
    observeRequest(method, route, statusCode, seconds) {
      requestDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    async scrape() {
      const [own, process] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
      return `${own}\n${process}`;
    },
    contentType: registry.contentType,
  };
}
