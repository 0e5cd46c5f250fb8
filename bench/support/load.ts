import autocannon from 'autocannon';
import { postgresCpuMs, postgresCpuSpentMs, processCpuMs } from './cpu-time.js';

/** What one load measured. */
export type Figures = {
  rps: number;
  /** CPU µs per request of the server process and of PostgreSQL's backends (0 when unknown). */
  serverCpuUs: number;
  pgCpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
};

/** One request of a load: each connection asks the next one when it has its answer. */
export type Request = {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export const NO_FIGURES: Figures = {
  rps: 0,
  serverCpuUs: 0,
  pgCpuUs: 0,
  p50: 0,
  p99: 0,
  errors: 0,
  non2xx: 0,
  total: 0,
};

/** The processes whose CPU a load is charged to: the server's pid and the database's name. */
export type Meter = { pid: number | undefined; database: string };

/** How hard and how long a load runs. */
export type LoadShape = { connections: number; duration: number; warmup: number };

/** autocannon against `url`, with the CPU the server and PostgreSQL spent per request. */
export async function load(
  url: string,
  shape: LoadShape,
  next: () => Request,
  meter?: Meter,
): Promise<Figures> {
  const { connections, duration, warmup } = shape;
  let sent = 0;
  const options = {
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: autocannon.Request): autocannon.Request => {
          sent++;
          const r = next();
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: { 'content-type': 'application/json', ...r.headers },
            body: r.body,
          };
        },
      },
    ],
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
  };
  // autocannon's types lack `warmup` (autocannon ≥ 7.11 has it).
  const serverBefore = processCpuMs(meter?.pid);
  const pgBefore = meter ? postgresCpuMs(meter.database) : new Map<number, number>();
  const result = await autocannon(options as autocannon.Options);
  const perRequestUs = (ms: number) => (meter && sent > 0 ? (ms * 1000) / sent : 0);
  return {
    rps: result.requests.average,
    serverCpuUs: perRequestUs(processCpuMs(meter?.pid) - serverBefore),
    pgCpuUs: perRequestUs(meter ? postgresCpuSpentMs(pgBefore, postgresCpuMs(meter.database)) : 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
