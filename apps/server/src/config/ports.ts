import { CURRENCIES, type CurrencyCode, isCurrencyCode } from '@coparent/domain';
import type { BraintreeConfig } from '../adapters/payment/braintree.js';
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
    retry: {
      intervalSeconds: readInt(env, 'EMAIL_RETRY_INTERVAL_SECONDS', 60, 0, 86_400),
      maxAttempts: readInt(env, 'EMAIL_RETRY_MAX_ATTEMPTS', 6, 1, 100),
      // At least 30 s: a claimed send keeps its row that long (SMTP waits are bounded at 20 s).
      baseDelaySeconds: readInt(env, 'EMAIL_RETRY_BASE_DELAY_SECONDS', 60, 30, 86_400),
    },
  };
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
