import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PGLITE_MEMORY, REPO_ROOT } from './config.js';

describe('loadConfig', () => {
  it('has defaults for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      host: '0.0.0.0',
      port: 3000,
      logLevel: 'info',
      trustProxy: false,
      database: { kind: 'pglite', dataDir: `${REPO_ROOT}.data/pglite` },
      signup: { ttlHours: 72 },
      web: { distDir: `${REPO_ROOT}apps/web/dist` },
      seedDemoData: true,
    });
    expect(config.rateLimit.signupCreatePerMinute).toBeGreaterThanOrEqual(30);
    expect(config.rateLimit.redisUrl).toBeUndefined();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app', PGLITE_DIR: '/x' });
    expect(config.database).toEqual({ kind: 'pg', url: 'postgres://u@db:5432/app' });
  });

  it('reads PGLITE_DIR, including memory://, and resolves relative paths from the repo root', () => {
    expect(loadConfig({ PGLITE_DIR: PGLITE_MEMORY }).database).toEqual({
      kind: 'pglite',
      dataDir: PGLITE_MEMORY,
    });
    expect(loadConfig({ PGLITE_DIR: 'tmp/db' }).database).toEqual({
      kind: 'pglite',
      dataDir: `${REPO_ROOT}tmp/db`,
    });
  });

  it('reads the overrides', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3999',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SIGNUP_TTL_HOURS: '24',
      RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '5',
      REDIS_URL: 'redis://cache:6379',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 3999,
      host: '127.0.0.1',
      logLevel: 'warn',
      trustProxy: 1,
      signup: { ttlHours: 24 },
      rateLimit: { signupCreatePerMinute: 5, redisUrl: 'redis://cache:6379' },
      web: { distDir: '/srv/web' },
      seedDemoData: false,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
  });

  it('is silent in tests unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('refuses invalid values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SIGNUP_TTL_HOURS: 'soon' })).toThrow(/SIGNUP_TTL_HOURS/);
  });
});
