import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable the server reads, in one place. `loadConfig` is pure: it reads only
 * the `env` object it is given, so tests build configs without touching `process.env`.
 */

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type DatabaseConfig =
  | { kind: 'pg'; url: string }
  /** `dataDir` is a directory, or `memory://` for an in-memory database. */
  | { kind: 'pglite'; dataDir: string };

export type Config = {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Pretty, human-readable logs (development only; needs pino-pretty). */
  prettyLogs: boolean;
  /** Passed to Fastify's `trustProxy`: false, true, a hop count, or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  database: DatabaseConfig;
  signup: {
    /** How long a signup lives after creation and after each successful save. */
    ttlHours: number;
  };
  rateLimit: {
    /** POST /v2/signups per client IP per minute. */
    signupCreatePerMinute: number;
    /**
     * TODO(scale-out): rate-limit counters in Redis when set. ioredis is not installed yet, so
     * counters live in process memory (one instance); the value is read and reported only.
     */
    redisUrl: string | undefined;
  };
  web: {
    /** The built web app (apps/web/dist), served under /app/join/. */
    distDir: string;
  };
  /** Seed the demo account (`taken@example.com`) on an empty non-production database. */
  seedDemoData: boolean;
};

/** The repository root: this file sits at apps/server/{src,dist}/config.{ts,js}. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const PGLITE_MEMORY = 'memory://';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function readNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new ConfigError(`${name} must be a number (got "${raw}")`);
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function readNodeEnv(env: Env): NodeEnv {
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

function readLogLevel(env: Env, nodeEnv: NodeEnv): LogLevel {
  const raw = read(env, 'LOG_LEVEL');
  if (raw === undefined) return nodeEnv === 'test' ? 'silent' : 'info';
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
}

function readTrustProxy(env: Env): Config['trustProxy'] {
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

/** Relative paths in the environment are relative to the repository root. */
function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = readNodeEnv(env);
  const databaseUrl = read(env, 'DATABASE_URL');
  const pgliteDir = read(env, 'PGLITE_DIR');
  const database: DatabaseConfig = databaseUrl
    ? { kind: 'pg', url: databaseUrl }
    : {
        kind: 'pglite',
        dataDir:
          pgliteDir === PGLITE_MEMORY ? PGLITE_MEMORY : resolvePath(pgliteDir ?? '.data/pglite'),
      };

  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: read(env, 'HOST') ?? '0.0.0.0',
    port: readInt(env, 'PORT', 3000, 0, 65535),
    logLevel: readLogLevel(env, nodeEnv),
    prettyLogs: readBool(env, 'LOG_PRETTY', false),
    trustProxy: readTrustProxy(env),
    database,
    signup: {
      // A number (not only an integer) so tests and demos can use short or negative lifetimes.
      ttlHours: readNumber(env, 'SIGNUP_TTL_HOURS', 72),
    },
    rateLimit: {
      signupCreatePerMinute: readInt(env, 'RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE', 60, 1, 1_000_000),
      redisUrl: read(env, 'REDIS_URL'),
    },
    web: {
      distDir: resolvePath(read(env, 'WEB_DIST_DIR') ?? 'apps/web/dist'),
    },
    seedDemoData: readBool(env, 'SEED_DEMO_DATA', nodeEnv !== 'production'),
  };
}
