import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMetrics } from '../adapters/mail/mailer.js';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import { createSmtpMailer, smtpTransportFromUrl } from '../adapters/mail/smtp.js';
import { createBraintreeGateway } from '../adapters/payment/braintree.js';
import type { PaymentGateway } from '../adapters/payment/payment-gateway.js';
import { createSandboxGateway, type SandboxPaymentGateway } from '../adapters/payment/sandbox.js';
import { createGooglePlaces } from '../adapters/places/google.js';
import { noPlaces } from '../adapters/places/no-places.js';
import type { PlacesProvider } from '../adapters/places/places-provider.js';
import { createOutboxSmsSender, createProviderSmsSender } from '../adapters/sms/outbox.js';
import type { SmsMetrics, SmsSender, SmsTransport } from '../adapters/sms/sms-sender.js';
import { createTwilioTransport, TWILIO_WEBHOOK_PATHS } from '../adapters/sms/twilio.js';
import { createTableTaxCalculator } from '../adapters/tax/table-tax.js';
import type { TaxCalculator } from '../adapters/tax/tax-calculator.js';
import type { Db } from '../db/client.js';
import type { MailConfig, PaymentConfig, PlacesConfig, SmsConfig, TaxConfig } from './ports.js';

/**
 * The one place where each port gets its implementation, from the settings config/ports.ts read
 * out of the environment. The adapters know only their port; nothing else picks one.
 */

/**
 * SMTP when configured, the outbox only otherwise. `metrics` counts each email's outcome (the
 * app's; none for scripts that send a demo email).
 */
export function createMailer(
  config: MailConfig,
  deps: { db: Db; log: FastifyBaseLogger; now: () => Date; metrics?: MailMetrics | undefined },
): Mailer {
  switch (config.kind) {
    case 'outbox':
      return createOutboxMailer(deps.db, deps.metrics);
    case 'smtp':
      return createSmtpMailer({
        ...deps,
        from: config.from,
        retry: config.retry,
        transport: smtpTransportFromUrl(config.url),
      });
  }
}

/**
 * Twilio when configured, the outbox only (the local mailbox) otherwise. `transport` replaces
 * the Twilio SDK's client (tests pass one with a faked HTTP layer).
 */
export function createSmsSender(
  config: SmsConfig,
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    now: () => Date;
    metrics?: SmsMetrics | undefined;
    transport?: SmsTransport | undefined;
    /** The server's public URL: Twilio posts each text's status to its status webhook. */
    publicUrl?: string | undefined;
  },
): SmsSender {
  switch (config.kind) {
    case 'outbox':
      return createOutboxSmsSender(deps.db, deps.metrics);
    case 'twilio': {
      const { retry, kind: _kind, ...twilio } = config;
      return createProviderSmsSender({
        ...deps,
        retry,
        transport:
          deps.transport ??
          createTwilioTransport(twilio, {
            statusCallbackUrl: deps.publicUrl && `${deps.publicUrl}${TWILIO_WEBHOOK_PATHS.status}`,
          }),
      });
    }
  }
}

/** Braintree with merchant settings, the local sandbox (kept in the database) otherwise. */
export function createPaymentGateway(
  config: PaymentConfig,
  deps: { db: Db; now: () => Date },
): PaymentGateway | SandboxPaymentGateway {
  switch (config.kind) {
    case 'sandbox':
      return createSandboxGateway(deps);
    case 'braintree':
      return createBraintreeGateway(config);
  }
}

/** Google Places with an API key, no suggestions otherwise. */
export function createPlacesProvider(config: PlacesConfig): PlacesProvider {
  switch (config.kind) {
    case 'none':
      return noPlaces;
    case 'google':
      return createGooglePlaces({ apiKey: config.apiKey });
  }
}

/** The built-in rate table (the only tax adapter so far). */
export function createTaxCalculator(config: TaxConfig): TaxCalculator {
  switch (config.kind) {
    case 'table':
      return createTableTaxCalculator();
  }
}
