import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { registerHttpMetrics } from '../modules/metrics/http-metrics.js';
import type { Metrics } from '../modules/metrics/metrics.js';
import { createPrometheusMetrics } from '../modules/metrics/prometheus.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The clock every service reads (tests move it). */
    now: () => Date;
    /** The services' counters (this app's Prometheus registry). */
    counters: Metrics;
    /** This app's Prometheus text (main.ts serves it on METRICS_PORT when that is set). */
    metrics: { scrape(): Promise<string>; contentType: string };
  }
}

export type CoreOptions = {
  config: Config;
  /** A database the caller owns (tests); otherwise the app creates one and closes it on close. */
  database?: Database | undefined;
  /** Close `database` when the app closes, after the app's own close hooks (main.ts). */
  closeDatabase?: boolean | undefined;
  now?: (() => Date) | undefined;
};

/** What every module stands on: the config, the database, the clock and the counters. */
export const corePlugin = fp<CoreOptions>(
  async (app, options) => {
    const ownsDatabase = options.database === undefined || options.closeDatabase === true;
    const database = options.database ?? createDatabase(options.config);
    // onClose hooks run last-registered first: this one, registered first, closes the database
    // after everything that still writes to it.
    if (ownsDatabase) app.addHook('onClose', () => database.close());
    // One registry per app (two apps in one process never mix their counts).
    const prometheus = createPrometheusMetrics({ poolStats: database.poolStats });
    registerHttpMetrics(app, prometheus.observeRequest);
    app.decorate('config', options.config);
    app.decorate('database', database);
    app.decorate('now', options.now ?? (() => new Date()));
    app.decorate('counters', prometheus.metrics);
    app.decorate('metrics', { scrape: prometheus.scrape, contentType: prometheus.contentType });
  },
  { name: 'core' },
);
