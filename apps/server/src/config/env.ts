import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment a config is read from: `process.env`, or a plain object in tests. */
export type Env = Record<string, string | undefined>;

export type NodeEnv = 'development' | 'production' | 'test';

/** The repository root: this file sits at apps/server/{src,dist}/config/env.{ts,js}. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A variable's value, trimmed; an empty one counts as unset. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function readInt(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

/** A per-minute (or per-hour) request limit: a whole number from 1 to a million. */
export function readLimit(env: Env, name: string, fallback: number): number {
  return readInt(env, name, fallback, 1, 1_000_000);
}

export function readNumber(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new ConfigError(`${name} must be a number (got "${raw}")`);
  return value;
}

export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** Two variables that go together: both set, or neither (undefined). */
export function readPair(env: Env, first: string, second: string): [string, string] | undefined {
  const a = read(env, first);
  const b = read(env, second);
  if (a === undefined && b === undefined) return undefined;
  if (!a || !b) throw new ConfigError(`set both ${first} and ${second}, or neither`);
  return [a, b];
}

/** An https origin (`https://host[:port]`) from a variable; a path after it is refused. */
export function readHttpsOrigin(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url?.protocol !== 'https:' || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
    throw new ConfigError(`${name} must be an https origin such as https://host (got "${raw}")`);
  }
  return url.origin;
}

/** Relative paths in the environment are relative to the repository root. */
export function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}
