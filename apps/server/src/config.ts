import { type DatabaseConfig, readDatabase } from './config/database.js';
import { readDemoStaff, readDevMailbox } from './config/demo.js';
import {
  type Env,
  type NodeEnv,
  read,
  readBool,
  readHttpsOrigin,
  readInt,
  readLimit,
  readNumber,
  readPair,
  resolvePath,
} from './config/env.js';
import {
  type MailConfig,
  type PaymentConfig,
  type PlacesConfig,
  readMail,
  readPayment,
  readPlaces,
  readSms,
  readTax,
  type SmsConfig,
  type TaxConfig,
} from './config/ports.js';
import {
  type LogLevel,
  type MetricsConfig,
  readLogLevel,
  readMetrics,
  readNodeEnv,
  readPublicUrl,
  readTrustProxy,
  readWebDirs,
  type TrustProxy,
} from './config/server.js';

/**
 * Every environment variable the server reads, in one place. `loadConfig` is pure: it reads only
 * the `env` object it is given, so tests build configs without touching `process.env`. How each
 * kind of value is read and checked lives in config/; which adapter serves each port is chosen
 * from the result in config/adapters.ts.
 */

export { PGLITE_MEMORY } from './config/database.js';
export { ConfigError, REPO_ROOT } from './config/env.js';
export type {
  BraintreeConfig,
  EmailRetrySettings,
  MailConfig,
  PaymentConfig,
  PlacesConfig,
  SmsConfig,
  TaxConfig,
} from './config/ports.js';
export type { LogLevel, MetricsConfig } from './config/server.js';
export type { DatabaseConfig, NodeEnv };

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
  trustProxy: TrustProxy;
  database: DatabaseConfig;
  signup: {
    /** How long a signup lives after creation and after each successful save. */
    ttlHours: number;
    /** Hours after expiry before the scheduled purge deletes a signup (SIGNUP_PURGE_AFTER_HOURS, 168). */
    purgeAfterHours: number;
    /** Seconds between purges of expired signups (SIGNUP_PURGE_INTERVAL_SECONDS, 3600; 0 off). */
    purgeIntervalSeconds: number;
    /**
     * Seconds after an unfinished signup's last save before its one resume email
     * (SIGNUP_RESUME_EMAIL_DELAY_SECONDS, 3600).
     */
    resumeEmailDelaySeconds: number;
    /** Seconds between passes of the resume emails (SIGNUP_RESUME_INTERVAL_SECONDS, 300; 0 off). */
    resumeIntervalSeconds: number;
  };
  /** How long a SIGTERM waits for requests in flight before exiting anyway (SHUTDOWN_TIMEOUT_SECONDS, 25). */
  shutdownTimeoutSeconds: number;
  /** The site's public origin (PUBLIC_URL): links in emails start with it. No trailing slash. */
  publicUrl: string;
  mail: MailConfig;
  /** How texts leave: the outbox only (the local mailbox shows them), or Twilio too. */
  sms: SmsConfig;
  /**
   * The local mailbox (GET /v2/dev/mailbox and /app/dev/mailbox: every email and text, with its
   * tokens and codes), served to loopback clients only. DEV_MAILBOX=auto (default: on in the local
   * demo, the embedded database with the sandbox gateway, no SMTP and no Twilio), on, or off; see
   * readDevMailbox.
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
    /**
     * Seconds between passes of the invitation reminders, 3 and 7 days after an invitation
     * (INVITE_REMINDER_INTERVAL_SECONDS, 900; 0 off).
     */
    reminderIntervalSeconds: number;
  };
  /** The subscription renewal job (decision 057). */
  renewal: {
    /**
     * Seconds between passes of the renewal job: reminders 7 days before, charges when due,
     * retries (RENEWAL_INTERVAL_SECONDS, 3600; 0 off). Started by main.ts only.
     */
    intervalSeconds: number;
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
    /** The web build's server render of the join pages (apps/web/dist-server). */
    serverRenderDir: string;
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
  /** The Zendesk messaging widget (the support chat). */
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

/**
 * `stdoutIsTty` (the process's own by default) chooses readable log lines for a person at a
 * terminal; it is a parameter so that `loadConfig` stays pure.
 */
export function loadConfig(
  env: Env = process.env,
  { stdoutIsTty = process.stdout.isTTY === true }: { stdoutIsTty?: boolean } = {},
): Config {
  const nodeEnv = readNodeEnv(env);
  const database = readDatabase(env);
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const mail = readMail(env);
  const sms = readSms(env);
  const payment = readPayment(env, nodeEnv);
  const zendesk = readPair(env, 'ZENDESK_JWT_KEY_ID', 'ZENDESK_JWT_SECRET');
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
      resumeEmailDelaySeconds: readInt(env, 'SIGNUP_RESUME_EMAIL_DELAY_SECONDS', 3600, 0, 604_800),
      resumeIntervalSeconds: readInt(env, 'SIGNUP_RESUME_INTERVAL_SECONDS', 300, 0, 86_400),
    },
    shutdownTimeoutSeconds: readInt(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25, 1, 3600),
    publicUrl: readPublicUrl(env, port),
    mail,
    sms,
    devMailbox: readDevMailbox(env, { nodeEnv, database, payment, mail, sms }),
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
      caseCreatePerMinute: readLimit(env, 'RATE_LIMIT_CASE_CREATE_PER_MINUTE', 20),
    },
    invite: {
      requestsPerHour: readInt(env, 'INVITE_REQUESTS_PER_HOUR', 5, 1, 1000),
      requestIntervalSeconds: readInt(env, 'INVITE_REQUEST_INTERVAL_SECONDS', 60, 0, 86_400),
      reminderIntervalSeconds: readInt(env, 'INVITE_REMINDER_INTERVAL_SECONDS', 900, 0, 86_400),
    },
    renewal: {
      intervalSeconds: readInt(env, 'RENEWAL_INTERVAL_SECONDS', 3600, 0, 86_400),
    },
    recovery: {
      ttlMinutes: readInt(env, 'RECOVERY_TTL_MINUTES', 30, 1, 1440),
      requestsPerHour: readInt(env, 'RECOVERY_REQUESTS_PER_HOUR', 5, 1, 1000),
    },
    rateLimit: {
      inviteRequestPerMinute: readLimit(env, 'RATE_LIMIT_INVITE_REQUEST_PER_MINUTE', 5),
      signupCreatePerMinute: readLimit(env, 'RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE', 60),
      pricingPerMinute: readLimit(env, 'RATE_LIMIT_PRICING_PER_MINUTE', 60),
      professionalCreatePerMinute: readLimit(env, 'RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE', 30),
      professionalValidatePerMinute: readLimit(
        env,
        'RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE',
        300,
      ),
      paymentPerMinute: readLimit(env, 'RATE_LIMIT_PAYMENT_PER_MINUTE', 20),
      tokenizePerMinute: readLimit(env, 'RATE_LIMIT_TOKENIZE_PER_MINUTE', 60),
      clientTokenPerMinute: readLimit(env, 'RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE', 60),
      usernameCheckPerMinute: readLimit(env, 'RATE_LIMIT_USERNAME_CHECK_PER_MINUTE', 60),
      credentialsPerMinute: readLimit(env, 'RATE_LIMIT_CREDENTIALS_PER_MINUTE', 20),
      loginPerMinute: readLimit(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 10),
      recoveryPerMinute: readLimit(env, 'RATE_LIMIT_RECOVERY_PER_MINUTE', 5),
      recoveryVerifyPerMinute: readLimit(env, 'RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE', 20),
      eventsPerMinute: readLimit(env, 'RATE_LIMIT_EVENTS_PER_MINUTE', 300),
      placesPerMinute: readLimit(env, 'RATE_LIMIT_PLACES_PER_MINUTE', 120),
      emailRevealPerHour: readLimit(env, 'EMAIL_REVEAL_LIMIT_PER_HOUR', 10),
      redisUrl: read(env, 'REDIS_URL'),
      redisPrefix: read(env, 'RATE_LIMIT_REDIS_PREFIX') ?? 'coparent:rl:',
    },
    web: readWebDirs(env),
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
      zendesk: zendesk && { keyId: zendesk[0], secret: zendesk[1] },
      tokenPerMinute: readLimit(env, 'RATE_LIMIT_SUPPORT_TOKEN_PER_MINUTE', 20),
    },
  };
}
