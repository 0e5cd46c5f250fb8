import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENCIES, type CurrencyCode, isCurrencyCode } from '@coparent/domain';

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

/**
 * How email leaves: always through the outbox table; with `smtp` also sent by nodemailer after
 * the commit (SMTP_URL set). `from` is the sender (MAIL_FROM).
 */
export type MailConfig =
  | { kind: 'outbox'; from: string }
  | { kind: 'smtp'; from: string; url: string; retry: EmailRetrySettings };

/** Retries of failed SMTP sends (src/modules/email/retry.ts). */
export type EmailRetrySettings = {
  /** Seconds between passes of the retry job (EMAIL_RETRY_INTERVAL_SECONDS, 60; 0 off). */
  intervalSeconds: number;
  /** Attempts per email, the first included, before it is given up (EMAIL_RETRY_MAX_ATTEMPTS, 6). */
  maxAttempts: number;
  /** The wait after the first failed attempt, doubled after each next one (EMAIL_RETRY_BASE_DELAY_SECONDS, 60). */
  baseDelaySeconds: number;
};

/** The tax port (src/adapters/tax): the built-in rate table; a tax service can be added here. */
export type TaxConfig = { kind: 'table' };

/** Braintree merchant settings (BRAINTREE_*). */
export type BraintreeConfig = {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Merchant account id per currency (BRAINTREE_MERCHANT_ACCOUNT_<CURRENCY>), when several. */
  merchantAccounts: Partial<Record<CurrencyCode, string>>;
  /** The currency of the merchant's default account (BRAINTREE_DEFAULT_CURRENCY, USD). */
  defaultCurrency: CurrencyCode;
  /** The GBP account of the uk-card-provider experiment (BRAINTREE_MERCHANT_ACCOUNT_UK_CARD). */
  ukCardMerchantAccountId?: string | undefined;
};

/**
 * The payment gateway port (src/adapters/payment), chosen here once: Braintree when its merchant
 * settings are present, the local sandbox otherwise (refused when NODE_ENV=production).
 */
export type PaymentConfig = { kind: 'sandbox' } | ({ kind: 'braintree' } & BraintreeConfig);

/**
 * The places-autocomplete port (src/adapters/places), chosen here once: Google Places (New) when
 * GOOGLE_PLACES_API_KEY is set, no suggestions otherwise (the address is typed by hand).
 */
export type PlacesConfig = { kind: 'none' } | { kind: 'google'; apiKey: string };

/**
 * GET /metrics (Prometheus). In production it is served only behind METRICS_TOKEN or on a port
 * of its own (METRICS_PORT); in development and test it is open on the app's port when neither
 * is set (decision 036).
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

export type Config = {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  /**
   * Human-readable log lines through pino-pretty (LOG_PRETTY): by default when a person runs the
   * server in a terminal (stdout is a TTY) in development; JSON lines otherwise.
   */
  prettyLogs: boolean;
  /** Passed to Fastify's `trustProxy`: false, true, a hop count, or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  database: DatabaseConfig;
  signup: {
    /** How long a signup lives after creation and after each successful save. */
    ttlHours: number;
    /** Hours after expiry before the scheduled purge deletes a signup (SIGNUP_PURGE_AFTER_HOURS, 168). */
    purgeAfterHours: number;
    /** Seconds between purges of expired signups (SIGNUP_PURGE_INTERVAL_SECONDS, 3600; 0 off). */
    purgeIntervalSeconds: number;
  };
  /** How long a SIGTERM waits for requests in flight before exiting anyway (SHUTDOWN_TIMEOUT_SECONDS, 25). */
  shutdownTimeoutSeconds: number;
  /** The site's public origin (PUBLIC_URL): links in emails start with it. No trailing slash. */
  publicUrl: string;
  mail: MailConfig;
  /**
   * The local mailbox (GET /v2/dev/mailbox and /app/dev/mailbox: every email, with its tokens and
   * codes), served to loopback clients only. DEV_MAILBOX=auto (default: on in the local demo, the
   * embedded database with the sandbox gateway and no SMTP), on, or off; see readDevMailbox.
   */
  devMailbox: boolean;
  /**
   * A staff account the demo seed creates on an empty database (DEMO_STAFF_USERNAME and
   * DEMO_STAFF_PASSWORD, both or neither; refused in production): the browser tests read the
   * funnel report with it. Elsewhere staff is granted by `npm run staff`.
   */
  demoStaff: { username: string; password: string } | undefined;
  /** Tax rates come from this port (TAX_PROVIDER; only `table` so far). */
  tax: TaxConfig;
  payment: PaymentConfig;
  checkout: {
    /** How long the co-parent's invitation link works (INVITE_TTL_DAYS, 14). */
    inviteTtlDays: number;
    /** How long the credentials token of a finished payment works (CREDENTIALS_TOKEN_TTL_MINUTES, 120). */
    credentialsTokenTtlMinutes: number;
    /**
     * How long the receipt email's link to set the username and password works
     * (CREDENTIALS_LINK_TTL_DAYS, 7): for a parent who paid and lost the tab. Single use.
     */
    credentialsLinkTtlDays: number;
    /**
     * How long a payment attempt is considered in flight with the gateway (PAYMENT_LOCK_SECONDS,
     * 120, above the SDK's 60 s timeout): meanwhile other attempts for the signup answer 409
     * PAYMENT_IN_PROGRESS, and reconciliation leaves it alone.
     */
    paymentLockSeconds: number;
    /** Reconcile pending payments every N seconds (PAYMENT_RECONCILE_INTERVAL_SECONDS, 300; 0 = only at start). */
    reconcileIntervalSeconds: number;
    /** Account session lifetime (SESSION_TTL_HOURS, 336 = 14 days). */
    sessionTtlHours: number;
  };
  /** Feature flags and experiments: a flagd flag file (FLAGS_FILE, default flags/flags.json). */
  flags: { file: string };
  catalog: {
    /** The catalog JSON files (CATALOG_DIR, default apps/server/catalog). */
    dir: string;
    /** Upsert the catalog files into the database on start (CATALOG_SEED_ON_START, default on). */
    seedOnStart: boolean;
  };
  /** Professionals: the activation link of the welcome email, and the cases they open. */
  professional: {
    /** How long the welcome email's credentials link works (PRO_ACTIVATION_TTL_HOURS, 72). */
    activationTtlHours: number;
    /** POST /v2/account/cases per client IP per minute (RATE_LIMIT_CASE_CREATE_PER_MINUTE, 20). */
    caseCreatePerMinute: number;
  };
  /** The invited co-parent's new links (POST /v2/invites/request). */
  invite: {
    /** New links per invited person per hour (INVITE_REQUESTS_PER_HOUR, 5). */
    requestsPerHour: number;
    /** Seconds between two new links for one person (INVITE_REQUEST_INTERVAL_SECONDS, 60). */
    requestIntervalSeconds: number;
  };
  /** Password recovery (POST /v2/account/recovery). */
  recovery: {
    /** How long a recovery's code and link work (RECOVERY_TTL_MINUTES, 30). */
    ttlMinutes: number;
    /** Recovery emails per account per hour; beyond it nothing is sent (RECOVERY_REQUESTS_PER_HOUR, 5). */
    requestsPerHour: number;
  };
  rateLimit: {
    /** POST /v2/invites/request per client IP per minute (RATE_LIMIT_INVITE_REQUEST_PER_MINUTE, 5). */
    inviteRequestPerMinute: number;
    /** POST /v2/signups per client IP per minute. */
    signupCreatePerMinute: number;
    /** POST /v2/signups/{id}/pricing per client IP per minute (codes cannot be guessed fast). */
    pricingPerMinute: number;
    /** POST /v2/professional/users per client IP per minute. */
    professionalCreatePerMinute: number;
    /** POST /v2/professional/users/validator per client IP per minute. */
    professionalValidatePerMinute: number;
    /** POST /v2/signups/{id}/payment per client IP per minute. */
    paymentPerMinute: number;
    /** POST /v2/payment/sandbox/tokenize per client IP per minute. */
    tokenizePerMinute: number;
    /** GET /v2/payment/client-token per client IP per minute (each is a gateway call). */
    clientTokenPerMinute: number;
    /** GET /v2/credentials/username per client IP per minute. */
    usernameCheckPerMinute: number;
    /** POST /v2/credentials per client IP per minute. */
    credentialsPerMinute: number;
    /** POST /v2/login per client IP per minute. */
    loginPerMinute: number;
    /** POST /v2/account/recovery per client IP per minute (RATE_LIMIT_RECOVERY_PER_MINUTE, 5). */
    recoveryPerMinute: number;
    /** Recovery verify and reset per client IP per minute (RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE, 20). */
    recoveryVerifyPerMinute: number;
    /** POST /v2/events (analytics batches) per client IP per minute (RATE_LIMIT_EVENTS_PER_MINUTE, 300). */
    eventsPerMinute: number;
    /** Address suggestions and details per client IP per minute (RATE_LIMIT_PLACES_PER_MINUTE, 120). */
    placesPerMinute: number;
    /**
     * Answers revealing that one email address has an account, per address per clock hour; beyond
     * it those calls answer 429 (EMAIL_REVEAL_LIMIT_PER_HOUR, 10; src/security/email-reveal-limit.ts).
     */
    emailRevealPerHour: number;
    /**
     * Rate-limit counters in Redis (REDIS_URL) so every instance counts together; in process
     * memory (one instance) when unset.
     */
    redisUrl: string | undefined;
    /** The Redis key prefix of the counters (RATE_LIMIT_REDIS_PREFIX, `coparent:rl:`). */
    redisPrefix: string;
  };
  web: {
    /** The built web app (apps/web/dist), served under /app/join/. */
    distDir: string;
  };
  /** Analytics events (POST /v2/events): forwarded to Segment when SEGMENT_WRITE_KEY is set. */
  analytics: { segmentWriteKey: string | undefined };
  /** Seed the demo account (`taken@example.com`) on an empty non-production database. */
  seedDemoData: boolean;
  /**
   * A username is locked after `maxFailures` failed logins within `windowMinutes` (answers 429
   * until the window passes). Counted in Redis with REDIS_URL (every instance together), else in
   * process memory.
   */
  loginLockout: { maxFailures: number; windowMinutes: number };
  places: PlacesConfig;
  metrics: MetricsConfig;
  /**
   * The affiliate network on the receipt: its script's origin (AFFILIATE_SCRIPT_ORIGIN) and its
   * pixel's (AFFILIATE_PIXEL_ORIGIN), https origins allowed by the Content-Security-Policy; unset,
   * nothing is.
   */
  affiliate: { scriptOrigin: string | undefined; pixelOrigin: string | undefined };
  /** The Zendesk messaging widget ([F6] support chat). */
  supportChat: {
    /**
     * The messaging signing key (ZENDESK_JWT_KEY_ID and ZENDESK_JWT_SECRET, both or neither):
     * unset, the token call answers 404 and the CSP allows no Zendesk host.
     */
    zendesk: { keyId: string; secret: string } | undefined;
    /** POST /pub/v1/zendesk/getUserJwtToken per client IP per minute (RATE_LIMIT_SUPPORT_TOKEN_PER_MINUTE, 20). */
    tokenPerMinute: number;
  };
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

function readPublicUrl(env: Env, port: number): string {
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

/** The Mailer is chosen here, once: SMTP when SMTP_URL is set, the outbox only otherwise. */
function readMail(env: Env): MailConfig {
  const from = read(env, 'MAIL_FROM') ?? 'Co-parent <no-reply@localhost>';
  const url = read(env, 'SMTP_URL');
  if (url === undefined) return { kind: 'outbox', from };
  if (!/^smtps?:\/\//i.test(url)) {
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    kind: 'smtp',
    from,
    url,
    retry: {
      intervalSeconds: readInt(env, 'EMAIL_RETRY_INTERVAL_SECONDS', 60, 0, 86_400),
      maxAttempts: readInt(env, 'EMAIL_RETRY_MAX_ATTEMPTS', 6, 1, 100),
      // At least 30 s: a claimed send keeps its row that long (SMTP waits are bounded at 20 s).
      baseDelaySeconds: readInt(env, 'EMAIL_RETRY_BASE_DELAY_SECONDS', 60, 30, 86_400),
    },
  };
}

function readTax(env: Env): TaxConfig {
  const kind = read(env, 'TAX_PROVIDER') ?? 'table';
  if (kind !== 'table') throw new ConfigError(`TAX_PROVIDER must be table (got "${kind}")`);
  return { kind };
}

/**
 * Braintree when BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are set
 * (some but not all is an error); the sandbox otherwise, which production refuses.
 */
function readPayment(env: Env, nodeEnv: NodeEnv): PaymentConfig {
  const merchantId = read(env, 'BRAINTREE_MERCHANT_ID');
  const publicKey = read(env, 'BRAINTREE_PUBLIC_KEY');
  const privateKey = read(env, 'BRAINTREE_PRIVATE_KEY');
  const given = [merchantId, publicKey, privateKey].filter((v) => v !== undefined).length;
  if (given === 0) {
    if (nodeEnv === 'production') {
      throw new ConfigError(
        'the local sandbox payment gateway is refused in production: set BRAINTREE_MERCHANT_ID, ' +
          'BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY',
      );
    }
    return { kind: 'sandbox' };
  }
  if (!merchantId || !publicKey || !privateKey) {
    throw new ConfigError(
      'set all of BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY, or none',
    );
  }
  const environment = (read(env, 'BRAINTREE_ENVIRONMENT') ?? 'sandbox').toLowerCase();
  if (environment !== 'sandbox' && environment !== 'production') {
    throw new ConfigError(
      `BRAINTREE_ENVIRONMENT must be sandbox or production (got "${environment}")`,
    );
  }
  const defaultCurrency = (read(env, 'BRAINTREE_DEFAULT_CURRENCY') ?? 'USD').toUpperCase();
  if (!isCurrencyCode(defaultCurrency)) {
    throw new ConfigError(`BRAINTREE_DEFAULT_CURRENCY must be one of ${CURRENCIES.join(', ')}`);
  }
  const merchantAccounts: Partial<Record<CurrencyCode, string>> = {};
  for (const currency of CURRENCIES) {
    const id = read(env, `BRAINTREE_MERCHANT_ACCOUNT_${currency}`);
    if (id) merchantAccounts[currency] = id;
  }
  return {
    kind: 'braintree',
    environment,
    merchantId,
    publicKey,
    privateKey,
    merchantAccounts,
    defaultCurrency,
    ukCardMerchantAccountId: read(env, 'BRAINTREE_MERCHANT_ACCOUNT_UK_CARD'),
  };
}

/** An https origin (`https://host[:port]`) from a variable; a path after it is refused. */
function readHttpsOrigin(env: Env, name: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url?.protocol !== 'https:' || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
    throw new ConfigError(`${name} must be an https origin such as https://host (got "${raw}")`);
  }
  return url.origin;
}

/** Zendesk's messaging signing key: both variables or neither. */
function readZendesk(env: Env): Config['supportChat']['zendesk'] {
  const keyId = read(env, 'ZENDESK_JWT_KEY_ID');
  const secret = read(env, 'ZENDESK_JWT_SECRET');
  if (keyId === undefined && secret === undefined) return undefined;
  if (!keyId || !secret) {
    throw new ConfigError('set both ZENDESK_JWT_KEY_ID and ZENDESK_JWT_SECRET, or neither');
  }
  return { keyId, secret };
}

/**
 * The mailbox shows every email's links and codes, so it is for the local demo only. `auto`: on
 * outside production on the embedded database with the sandbox gateway and no SMTP. `on` also
 * serves it on PostgreSQL, but never in production nor beside a real gateway or SMTP, where the
 * emails and payments are real people's.
 */
function readDevMailbox(
  env: Env,
  setup: { nodeEnv: NodeEnv; database: DatabaseConfig; payment: PaymentConfig; mail: MailConfig },
): boolean {
  const raw = (read(env, 'DEV_MAILBOX') ?? 'auto').toLowerCase();
  if (raw !== 'auto' && raw !== 'on' && raw !== 'off') {
    throw new ConfigError(`DEV_MAILBOX must be auto, on or off (got "${raw}")`);
  }
  const realPeople =
    setup.nodeEnv === 'production' ||
    setup.payment.kind !== 'sandbox' ||
    setup.mail.kind !== 'outbox';
  if (raw === 'on' && realPeople) {
    throw new ConfigError(
      'DEV_MAILBOX=on is refused in production, with Braintree and with SMTP_URL: the mailbox ' +
        'would show real people their links and codes',
    );
  }
  if (raw === 'auto') return !realPeople && setup.database.kind === 'pglite';
  return raw === 'on';
}

/** The demo seed's staff account: both variables or neither, never in production. */
function readDemoStaff(env: Env, nodeEnv: NodeEnv): Config['demoStaff'] {
  const username = read(env, 'DEMO_STAFF_USERNAME');
  const password = read(env, 'DEMO_STAFF_PASSWORD');
  if (username === undefined && password === undefined) return undefined;
  if (!username || !password) {
    throw new ConfigError('set both DEMO_STAFF_USERNAME and DEMO_STAFF_PASSWORD, or neither');
  }
  if (nodeEnv === 'production') {
    throw new ConfigError('DEMO_STAFF_USERNAME is refused in production: use npm run staff');
  }
  return { username, password };
}

const METRICS_TOKEN_MIN_LENGTH = 16;

function readMetrics(env: Env, nodeEnv: NodeEnv, appPort: number): MetricsConfig {
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

/** Relative paths in the environment are relative to the repository root. */
function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/**
 * `stdoutIsTty` (the process's own by default) chooses readable log lines for a person at a
 * terminal; it is a parameter so that `loadConfig` stays pure.
 */
export function loadConfig(
  env: Env = process.env,
  { stdoutIsTty = process.stdout.isTTY === true }: { stdoutIsTty?: boolean } = {},
): Config {
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

  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const mail = readMail(env);
  const payment = readPayment(env, nodeEnv);
  return {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: read(env, 'HOST') ?? '0.0.0.0',
    port,
    logLevel: readLogLevel(env, nodeEnv),
    prettyLogs: readBool(env, 'LOG_PRETTY', stdoutIsTty && nodeEnv === 'development'),
    trustProxy: readTrustProxy(env),
    database,
    signup: {
      // A number (not only an integer) so tests and demos can use short or negative lifetimes.
      ttlHours: readNumber(env, 'SIGNUP_TTL_HOURS', 72),
      purgeAfterHours: readInt(env, 'SIGNUP_PURGE_AFTER_HOURS', 168, 0, 87_600),
      purgeIntervalSeconds: readInt(env, 'SIGNUP_PURGE_INTERVAL_SECONDS', 3600, 0, 86_400),
    },
    shutdownTimeoutSeconds: readInt(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25, 1, 3600),
    publicUrl: readPublicUrl(env, port),
    mail,
    devMailbox: readDevMailbox(env, { nodeEnv, database, payment, mail }),
    tax: readTax(env),
    payment,
    checkout: {
      inviteTtlDays: readInt(env, 'INVITE_TTL_DAYS', 14, 1, 365),
      credentialsTokenTtlMinutes: readInt(env, 'CREDENTIALS_TOKEN_TTL_MINUTES', 120, 1, 10_080),
      credentialsLinkTtlDays: readInt(env, 'CREDENTIALS_LINK_TTL_DAYS', 7, 1, 30),
      paymentLockSeconds: readInt(env, 'PAYMENT_LOCK_SECONDS', 120, 1, 3600),
      reconcileIntervalSeconds: readInt(env, 'PAYMENT_RECONCILE_INTERVAL_SECONDS', 300, 0, 86_400),
      sessionTtlHours: readInt(env, 'SESSION_TTL_HOURS', 336, 1, 8760),
    },
    flags: { file: resolvePath(read(env, 'FLAGS_FILE') ?? 'flags/flags.json') },
    catalog: {
      dir: resolvePath(read(env, 'CATALOG_DIR') ?? 'apps/server/catalog'),
      seedOnStart: readBool(env, 'CATALOG_SEED_ON_START', true),
    },
    professional: {
      activationTtlHours: readInt(env, 'PRO_ACTIVATION_TTL_HOURS', 72, 1, 720),
      caseCreatePerMinute: readInt(env, 'RATE_LIMIT_CASE_CREATE_PER_MINUTE', 20, 1, 1_000_000),
    },
    invite: {
      requestsPerHour: readInt(env, 'INVITE_REQUESTS_PER_HOUR', 5, 1, 1000),
      requestIntervalSeconds: readInt(env, 'INVITE_REQUEST_INTERVAL_SECONDS', 60, 0, 86_400),
    },
    recovery: {
      ttlMinutes: readInt(env, 'RECOVERY_TTL_MINUTES', 30, 1, 1440),
      requestsPerHour: readInt(env, 'RECOVERY_REQUESTS_PER_HOUR', 5, 1, 1000),
    },
    rateLimit: {
      inviteRequestPerMinute: readInt(env, 'RATE_LIMIT_INVITE_REQUEST_PER_MINUTE', 5, 1, 1_000_000),
      signupCreatePerMinute: readInt(env, 'RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE', 60, 1, 1_000_000),
      pricingPerMinute: readInt(env, 'RATE_LIMIT_PRICING_PER_MINUTE', 60, 1, 1_000_000),
      professionalCreatePerMinute: readInt(
        env,
        'RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE',
        30,
        1,
        1_000_000,
      ),
      professionalValidatePerMinute: readInt(
        env,
        'RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE',
        300,
        1,
        1_000_000,
      ),
      paymentPerMinute: readInt(env, 'RATE_LIMIT_PAYMENT_PER_MINUTE', 20, 1, 1_000_000),
      tokenizePerMinute: readInt(env, 'RATE_LIMIT_TOKENIZE_PER_MINUTE', 60, 1, 1_000_000),
      clientTokenPerMinute: readInt(env, 'RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE', 60, 1, 1_000_000),
      usernameCheckPerMinute: readInt(
        env,
        'RATE_LIMIT_USERNAME_CHECK_PER_MINUTE',
        60,
        1,
        1_000_000,
      ),
      credentialsPerMinute: readInt(env, 'RATE_LIMIT_CREDENTIALS_PER_MINUTE', 20, 1, 1_000_000),
      loginPerMinute: readInt(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 10, 1, 1_000_000),
      recoveryPerMinute: readInt(env, 'RATE_LIMIT_RECOVERY_PER_MINUTE', 5, 1, 1_000_000),
      recoveryVerifyPerMinute: readInt(
        env,
        'RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE',
        20,
        1,
        1_000_000,
      ),
      eventsPerMinute: readInt(env, 'RATE_LIMIT_EVENTS_PER_MINUTE', 300, 1, 1_000_000),
      placesPerMinute: readInt(env, 'RATE_LIMIT_PLACES_PER_MINUTE', 120, 1, 1_000_000),
      emailRevealPerHour: readInt(env, 'EMAIL_REVEAL_LIMIT_PER_HOUR', 10, 1, 1_000_000),
      redisUrl: read(env, 'REDIS_URL'),
      redisPrefix: read(env, 'RATE_LIMIT_REDIS_PREFIX') ?? 'coparent:rl:',
    },
    web: {
      distDir: resolvePath(read(env, 'WEB_DIST_DIR') ?? 'apps/web/dist'),
    },
    analytics: { segmentWriteKey: read(env, 'SEGMENT_WRITE_KEY') },
    seedDemoData: readBool(env, 'SEED_DEMO_DATA', nodeEnv !== 'production'),
    demoStaff: readDemoStaff(env, nodeEnv),
    loginLockout: {
      maxFailures: readInt(env, 'LOGIN_LOCKOUT_MAX_FAILURES', 5, 1, 1000),
      windowMinutes: readInt(env, 'LOGIN_LOCKOUT_WINDOW_MINUTES', 15, 1, 1440),
    },
    places: readPlaces(env),
    metrics: readMetrics(env, nodeEnv, port),
    affiliate: {
      scriptOrigin: readHttpsOrigin(env, 'AFFILIATE_SCRIPT_ORIGIN'),
      pixelOrigin: readHttpsOrigin(env, 'AFFILIATE_PIXEL_ORIGIN'),
    },
    supportChat: {
      zendesk: readZendesk(env),
      tokenPerMinute: readInt(env, 'RATE_LIMIT_SUPPORT_TOKEN_PER_MINUTE', 20, 1, 1_000_000),
    },
  };
}

function readPlaces(env: Env): PlacesConfig {
  const apiKey = read(env, 'GOOGLE_PLACES_API_KEY');
  return apiKey ? { kind: 'google', apiKey } : { kind: 'none' };
}
