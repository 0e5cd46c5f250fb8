import type { DatabaseConfig } from './database.js';
import { ConfigError, type Env, type NodeEnv, read, readPair } from './env.js';
import type { MailConfig, PaymentConfig, SmsConfig } from './ports.js';

/** The settings of the local demo: the mailbox page and the seed's staff account. */

/**
 * The mailbox shows every email's and text's links and codes, so it is for the local demo only.
 * `auto`: on outside production on the embedded database with the sandbox gateway, no SMTP and no
 * Twilio. `on` also serves it on PostgreSQL, but never in production nor beside a real gateway,
 * SMTP or Twilio, where the messages and payments are real people's.
 */
export function readDevMailbox(
  env: Env,
  setup: {
    nodeEnv: NodeEnv;
    database: DatabaseConfig;
    payment: PaymentConfig;
    mail: MailConfig;
    sms: SmsConfig;
  },
): boolean {
  const raw = (read(env, 'DEV_MAILBOX') ?? 'auto').toLowerCase();
  if (raw !== 'auto' && raw !== 'on' && raw !== 'off') {
    throw new ConfigError(`DEV_MAILBOX must be auto, on or off (got "${raw}")`);
  }
  const realPeople =
    setup.nodeEnv === 'production' ||
    setup.payment.kind !== 'sandbox' ||
    setup.mail.kind !== 'outbox' ||
    setup.sms.kind !== 'outbox';
  if (raw === 'on' && realPeople) {
    throw new ConfigError(
      'DEV_MAILBOX=on is refused in production, with Braintree, with SMTP_URL and with Twilio: the mailbox ' +
        'would show real people their links and codes',
    );
  }
  if (raw === 'auto') return !realPeople && setup.database.kind === 'pglite';
  return raw === 'on';
}

/** The demo seed's staff account: both variables or neither, never in production. */
export function readDemoStaff(
  env: Env,
  nodeEnv: NodeEnv,
): { username: string; password: string } | undefined {
  const pair = readPair(env, 'DEMO_STAFF_USERNAME', 'DEMO_STAFF_PASSWORD');
  if (pair === undefined) return undefined;
  if (nodeEnv === 'production') {
    throw new ConfigError('DEMO_STAFF_USERNAME is refused in production: use npm run staff');
  }
  const [username, password] = pair;
  return { username, password };
}
