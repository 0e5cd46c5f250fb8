import { type Env, read, resolvePath } from './env.js';

export type DatabaseConfig =
  | { kind: 'pg'; url: string }
  /** `dataDir` is a directory, or `memory://` for an in-memory database. */
  | { kind: 'pglite'; dataDir: string };

export const PGLITE_MEMORY = 'memory://';

/** PostgreSQL when DATABASE_URL is set; the embedded PGlite otherwise (PGLITE_DIR, .data/pglite). */
export function readDatabase(env: Env): DatabaseConfig {
  const url = read(env, 'DATABASE_URL');
  if (url) return { kind: 'pg', url };
  const dir = read(env, 'PGLITE_DIR');
  return {
    kind: 'pglite',
    dataDir: dir === PGLITE_MEMORY ? PGLITE_MEMORY : resolvePath(dir ?? '.data/pglite'),
  };
}
