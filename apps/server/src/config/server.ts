import { ConfigError, type Env, type NodeEnv, read, readInt, resolvePath } from './env.js';

/** The HTTP server's own settings: environment, logs, proxies, public address and /metrics. */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * GET /metrics (Prometheus). In production it is served only behind METRICS_TOKEN or on a port
 * of its own (METRICS_PORT), never open on the public port; in development and test it is open on
 * the app's port when neither is set.
 */
export type MetricsConfig = {
  /** A bearer token /metrics requires, compared in constant time (METRICS_TOKEN, 16+ characters). */
  token: string | undefined;
  /** A port of its own for /metrics (METRICS_PORT); the app's port then serves none. */
  port: number | undefined;
  /** The address METRICS_PORT listens on (METRICS_HOST, 127.0.0.1: this machine only). */
  host: string;
  /** Whether the app's port serves /metrics: no METRICS_PORT, and a token or not production. */
  onAppPort: boolean;
};

/** Passed to Fastify's `trustProxy`: false, true, a hop count, or a list of proxy addresses. */
export type TrustProxy = boolean | number | string[];

export function readNodeEnv(env: Env): NodeEnv {
  const raw = read(env, 'NODE_ENV') ?? 'development';
  if (raw === 'development' || raw === 'production' || raw === 'test') return raw;
  throw new ConfigError(`NODE_ENV must be development, production or test (got "${raw}")`);
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export function readLogLevel(env: Env, nodeEnv: NodeEnv): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
}

export function readTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** PUBLIC_URL (default http://localhost:<port>), an absolute http(s) URL without trailing slash. */
export function readPublicUrl(env: Env, port: number): string {
  const raw = read(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL (got "${raw}")`);
  }
  return url.toString().replace(/\/+$/, '');
}

const METRICS_TOKEN_MIN_LENGTH = 16;

export function readMetrics(env: Env, nodeEnv: NodeEnv, appPort: number): MetricsConfig {
  const token = read(env, 'METRICS_TOKEN');
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces`,
    );
  }
  const port = read(env, 'METRICS_PORT') ? readInt(env, 'METRICS_PORT', 0, 1, 65535) : undefined;
  if (port !== undefined && port === appPort) {
    throw new ConfigError('METRICS_PORT must differ from PORT');
  }
  return {
    token,
    port,
    host: read(env, 'METRICS_HOST') ?? '127.0.0.1',
    onAppPort: port === undefined && (token !== undefined || nodeEnv !== 'production'),
  };
}

/**
 * The built web app and, beside it, its server render (`<dist>-server`, as the web build writes
 * it): a test's own web directory has no server render unless it makes one.
 */
export function readWebDirs(env: Env): { distDir: string; serverRenderDir: string } {
  const distDir = resolvePath(read(env, 'WEB_DIST_DIR') ?? 'apps/web/dist');
  const serverRenderDir = resolvePath(read(env, 'WEB_SERVER_RENDER_DIR') ?? `${distDir}-server`);
  return { distDir, serverRenderDir };
}
