import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PGLITE_MEMORY, REPO_ROOT } from './config.js';

/** Production needs a real payment gateway: dummy Braintree settings (no call is made). */
const BRAINTREE_ENV = {
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};

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
      ...BRAINTREE_ENV,
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

describe('loadConfig: public URL, mail and professional limits', () => {
  it('defaults PUBLIC_URL to localhost on PORT, the outbox mailer and dev routes', () => {
    const config = loadConfig({ PORT: '4010' });
    expect(config.publicUrl).toBe('http://localhost:4010');
    expect(config.mail).toEqual({ kind: 'outbox', from: expect.any(String) });
    expect(config.devMailbox).toBe(true);
    expect(config.rateLimit.professionalCreatePerMinute).toBeGreaterThanOrEqual(10);
    expect(config.rateLimit.professionalValidatePerMinute).toBeGreaterThanOrEqual(60);
  });

  it('reads PUBLIC_URL (without a trailing slash), SMTP_URL, MAIL_FROM and the limits', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://join.example.com/',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Support <support@example.com>',
      RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE: '3',
      RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE: '7',
    });
    expect(config.publicUrl).toBe('https://join.example.com');
    expect(config.mail).toEqual({
      kind: 'smtp',
      url: 'smtps://user:pass@smtp.example.com:465',
      from: 'Support <support@example.com>',
      retry: { intervalSeconds: 60, maxAttempts: 6, baseDelaySeconds: 60 },
    });
    expect(config.rateLimit).toMatchObject({
      professionalCreatePerMinute: 3,
      professionalValidatePerMinute: 7,
    });
  });

  it('has no dev routes in production', () => {
    expect(loadConfig({ ...BRAINTREE_ENV, NODE_ENV: 'production' }).devMailbox).toBe(false);
  });

  it('serves the mailbox in the local demo only, unless DEV_MAILBOX says otherwise', () => {
    const pg = { DATABASE_URL: 'postgres://app@127.0.0.1/app' };
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:25' };
    // auto: the embedded database, the sandbox gateway, no SMTP, not production.
    expect(loadConfig({ NODE_ENV: 'test', PGLITE_DIR: PGLITE_MEMORY }).devMailbox).toBe(true);
    expect(loadConfig(pg).devMailbox).toBe(false);
    expect(loadConfig(BRAINTREE_ENV).devMailbox).toBe(false);
    expect(loadConfig(smtp).devMailbox).toBe(false);
    // The override: off anywhere; on also on PostgreSQL, never beside real people's data.
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    expect(loadConfig({ ...pg, DEV_MAILBOX: 'on' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'AUTO' }).devMailbox).toBe(true);
    expect(() => loadConfig({ ...BRAINTREE_ENV, DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ ...smtp, DEV_MAILBOX: 'on' })).toThrow(/DEV_MAILBOX/);
    expect(() =>
      loadConfig({ ...BRAINTREE_ENV, NODE_ENV: 'production', DEV_MAILBOX: 'on' }),
    ).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });

  it('reads the demo staff account (both variables), refused in production', () => {
    expect(loadConfig({}).demoStaff).toBeUndefined();
    const staff = { DEMO_STAFF_USERNAME: 'demo_staff', DEMO_STAFF_PASSWORD: 'Report-Reader-42' };
    expect(loadConfig(staff).demoStaff).toEqual({
      username: 'demo_staff',
      password: 'Report-Reader-42',
    });
    expect(() => loadConfig({ DEMO_STAFF_USERNAME: 'demo_staff' })).toThrow(/DEMO_STAFF/);
    expect(() => loadConfig({ ...BRAINTREE_ENV, ...staff, NODE_ENV: 'production' })).toThrow(
      /DEMO_STAFF/,
    );
  });

  it('chooses the payment gateway: the sandbox by default, refused in production', () => {
    expect(loadConfig({}).payment).toEqual({ kind: 'sandbox' });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/sandbox payment gateway/);
    expect(() => loadConfig({ BRAINTREE_MERCHANT_ID: 'm' })).toThrow(ConfigError);
    expect(
      loadConfig({
        ...BRAINTREE_ENV,
        BRAINTREE_ENVIRONMENT: 'production',
        BRAINTREE_MERCHANT_ACCOUNT_GBP: 'acct-gbp',
      }).payment,
    ).toEqual({
      kind: 'braintree',
      environment: 'production',
      merchantId: 'merchant',
      publicKey: 'public',
      privateKey: 'private',
      merchantAccounts: { GBP: 'acct-gbp' },
      defaultCurrency: 'USD',
    });
    expect(() => loadConfig({ ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'qa' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({}).checkout).toEqual({
      inviteTtlDays: 14,
      credentialsTokenTtlMinutes: 120,
      credentialsLinkTtlDays: 7,
      paymentLockSeconds: 120,
      reconcileIntervalSeconds: 300,
      sessionTtlHours: 336,
    });
    expect(loadConfig({ CREDENTIALS_LINK_TTL_DAYS: '2' }).checkout.credentialsLinkTtlDays).toBe(2);
    expect(() => loadConfig({ CREDENTIALS_LINK_TTL_DAYS: '31' })).toThrow(ConfigError);
  });

  it('refuses a PUBLIC_URL or SMTP_URL it cannot use', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'join.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://join.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(ConfigError);
  });

  it('chooses the tax port and the catalog here', () => {
    const config = loadConfig({});
    expect(config.tax).toEqual({ kind: 'table' });
    expect(config.catalog).toEqual({
      dir: resolve(REPO_ROOT, 'apps/server/catalog'),
      seedOnStart: true,
    });
    expect(config.rateLimit.pricingPerMinute).toBe(60);
    const custom = loadConfig({
      CATALOG_DIR: '/srv/catalog',
      CATALOG_SEED_ON_START: 'false',
      RATE_LIMIT_PRICING_PER_MINUTE: '5',
    });
    expect(custom.catalog).toEqual({ dir: '/srv/catalog', seedOnStart: false });
    expect(custom.rateLimit.pricingPerMinute).toBe(5);
    expect(() => loadConfig({ TAX_PROVIDER: 'avalara' })).toThrow(ConfigError);
  });

  it('reads the affiliate script origin and the Zendesk signing key (both or neither)', () => {
    const none = loadConfig({});
    expect(none.affiliate).toEqual({ scriptOrigin: undefined, pixelOrigin: undefined });
    expect(none.supportChat).toEqual({ zendesk: undefined, tokenPerMinute: 20 });

    const set = loadConfig({
      AFFILIATE_SCRIPT_ORIGIN: 'https://affiliate.example.com/',
      AFFILIATE_PIXEL_ORIGIN: 'https://pixel.example.com',
      ZENDESK_JWT_KEY_ID: 'app_123',
      ZENDESK_JWT_SECRET: 'shared-secret',
    });
    expect(set.affiliate).toEqual({
      scriptOrigin: 'https://affiliate.example.com',
      pixelOrigin: 'https://pixel.example.com',
    });
    expect(set.supportChat.zendesk).toEqual({ keyId: 'app_123', secret: 'shared-secret' });

    for (const origin of ['http://affiliate.example.com', 'https://affiliate.example.com/x.js']) {
      expect(() => loadConfig({ AFFILIATE_SCRIPT_ORIGIN: origin })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ZENDESK_JWT_SECRET: 'shared-secret' })).toThrow(ConfigError);
  });

  it('writes readable log lines for a person at a terminal in development, JSON otherwise', () => {
    const tty = { stdoutIsTty: true };
    const piped = { stdoutIsTty: false };
    expect(loadConfig({}, tty).prettyLogs).toBe(true);
    expect(loadConfig({}, piped).prettyLogs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }, tty).prettyLogs).toBe(false);
    expect(loadConfig({ ...BRAINTREE_ENV, NODE_ENV: 'production' }, tty).prettyLogs).toBe(false);
    // LOG_PRETTY decides when set.
    expect(loadConfig({ LOG_PRETTY: 'false' }, tty).prettyLogs).toBe(false);
    expect(loadConfig({ LOG_PRETTY: 'true' }, piped).prettyLogs).toBe(true);
  });

  it('serves /metrics on the app port outside production, and in production only behind a token', () => {
    expect(loadConfig({}).metrics).toEqual({
      token: undefined,
      port: undefined,
      host: '127.0.0.1',
      onAppPort: true,
    });
    const production = { ...BRAINTREE_ENV, NODE_ENV: 'production' };
    expect(loadConfig(production).metrics.onAppPort).toBe(false);
    const token = 'a-long-random-metrics-token';
    expect(loadConfig({ ...production, METRICS_TOKEN: token }).metrics).toMatchObject({
      token,
      onAppPort: true,
    });
    // A port of its own takes /metrics off the app's port, in any environment.
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({
      port: 9464,
      host: '127.0.0.1',
      onAppPort: false,
    });
    expect(
      loadConfig({ ...production, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics,
    ).toMatchObject({ port: 9464, host: '10.0.0.5', onAppPort: false });

    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(ConfigError);
  });
});
