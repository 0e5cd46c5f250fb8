import { CURRENCIES, type CurrencyCode, isCurrencyCode } from '@coparent/domain';
import type { BraintreeConfig } from '../adapters/payment/braintree.js';
import type { TwilioConfig } from '../adapters/sms/twilio.js';
import { ConfigError, type Env, type NodeEnv, read, readInt } from './env.js';

/**
 * The settings of each port (mail, tax, payment, places): which implementation the environment
 * asks for, and what it needs. config/adapters.ts builds the implementation from them.
 */

/**
 * How email leaves: always through the outbox table; with `smtp` also sent by nodemailer after
 * the commit (SMTP_URL set). `from` is the sender (MAIL_FROM).
 */
export type MailConfig =
  | { kind: 'outbox'; from: string }
  | { kind: 'smtp'; from: string; url: string; retry: EmailRetrySettings };

/**
 * How texts leave: always through the `sms_outbox` table; with `twilio` also sent by the Twilio
 * SDK after the commit (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or
 * TWILIO_MESSAGING_SERVICE_SID set). Without Twilio the local mailbox shows them.
 */
export type SmsConfig =
  | { kind: 'outbox' }
  | ({ kind: 'twilio'; retry: EmailRetrySettings } & TwilioConfig);

/**
 * Retries of failed sends, emails (EMAIL_RETRY_*) and texts (SMS_RETRY_*): the same rules and
 * defaults (src/modules/email/retry.ts).
 */
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

export type { BraintreeConfig };

/**
 * The payment gateway port (src/adapters/payment): Braintree when its merchant settings are
 * present, the local sandbox otherwise (refused when NODE_ENV=production).
 */
export type PaymentConfig = { kind: 'sandbox' } | ({ kind: 'braintree' } & BraintreeConfig);

/**
 * The places-autocomplete port (src/adapters/places): Google Places (New) when
 * GOOGLE_PLACES_API_KEY is set, no suggestions otherwise (the address is typed by hand).
 */
export type PlacesConfig = { kind: 'none' } | { kind: 'google'; apiKey: string };

/** SMTP when SMTP_URL is set, the outbox only otherwise. */
export function readMail(env: Env): MailConfig {
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
    retry: readRetry(env, 'EMAIL'),
  };
}

/** The retry settings of one outbox: `<prefix>_RETRY_INTERVAL_SECONDS` and the rest. */
function readRetry(env: Env, prefix: 'EMAIL' | 'SMS'): EmailRetrySettings {
  return {
    intervalSeconds: readInt(env, `${prefix}_RETRY_INTERVAL_SECONDS`, 60, 0, 86_400),
    maxAttempts: readInt(env, `${prefix}_RETRY_MAX_ATTEMPTS`, 6, 1, 100),
    // At least 30 s: a claimed send keeps its row that long (provider waits are bounded at 20 s).
    baseDelaySeconds: readInt(env, `${prefix}_RETRY_BASE_DELAY_SECONDS`, 60, 30, 86_400),
  };
}

const TWILIO_VARIABLES =
  'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)';

/**
 * Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender (TWILIO_FROM, a number in
 * E.164, or TWILIO_MESSAGING_SERVICE_SID) are set; the outbox only (the local mailbox) when none
 * is. Half a configuration is refused: texts would silently stay in the outbox.
 */
export function readSms(env: Env): SmsConfig {
  const accountSid = read(env, 'TWILIO_ACCOUNT_SID');
  const authToken = read(env, 'TWILIO_AUTH_TOKEN');
  const from = read(env, 'TWILIO_FROM');
  const messagingServiceSid = read(env, 'TWILIO_MESSAGING_SERVICE_SID');
  if ([accountSid, authToken, from, messagingServiceSid].every((v) => v === undefined)) {
    return { kind: 'outbox' };
  }
  if (!accountSid || !authToken || (!from && !messagingServiceSid)) {
    const missing = [
      accountSid ? null : 'TWILIO_ACCOUNT_SID',
      authToken ? null : 'TWILIO_AUTH_TOKEN',
      from || messagingServiceSid ? null : 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    ].filter((name) => name !== null);
    throw new ConfigError(
      `Twilio is half configured (missing ${missing.join(', ')}): set all of ${TWILIO_VARIABLES}, or none`,
    );
  }
  if (from && messagingServiceSid) {
    throw new ConfigError('set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID, not both');
  }
  if (!/^AC[0-9a-f]{32}$/i.test(accountSid)) {
    throw new ConfigError('TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters');
  }
  if (messagingServiceSid && !/^MG[0-9a-f]{32}$/i.test(messagingServiceSid)) {
    throw new ConfigError(
      'TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal characters',
    );
  }
  if (from && !/^\+[1-9]\d{6,14}$/.test(from)) {
    throw new ConfigError(
      `TWILIO_FROM must be a phone number in E.164, e.g. +15551234567 (got "${from}")`,
    );
  }
  const retry = readRetry(env, 'SMS');
  return messagingServiceSid
    ? { kind: 'twilio', accountSid, authToken, messagingServiceSid, retry }
    : { kind: 'twilio', accountSid, authToken, from: from as string, retry };
}

export function readTax(env: Env): TaxConfig {
  const kind = read(env, 'TAX_PROVIDER') ?? 'table';
  if (kind !== 'table') throw new ConfigError(`TAX_PROVIDER must be table (got "${kind}")`);
  return { kind };
}

/**
 * Braintree when BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are set
 * (some but not all is an error); the sandbox otherwise, which production refuses.
 */
export function readPayment(env: Env, nodeEnv: NodeEnv): PaymentConfig {
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

export function readPlaces(env: Env): PlacesConfig {
  const apiKey = read(env, 'GOOGLE_PLACES_API_KEY');
  return apiKey ? { kind: 'google', apiKey } : { kind: 'none' };
}
