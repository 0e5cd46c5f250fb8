import fp from 'fastify-plugin';
import type { Mailer } from '../adapters/mail/mailer.js';
import type { PaymentGateway } from '../adapters/payment/payment-gateway.js';
import type { SandboxPaymentGateway } from '../adapters/payment/sandbox.js';
import type { PlacesProvider } from '../adapters/places/places-provider.js';
import type { SmsSender } from '../adapters/sms/sms-sender.js';
import type { TaxCalculator } from '../adapters/tax/tax-calculator.js';
import {
  createMailer,
  createPaymentGateway,
  createPlacesProvider,
  createSmsSender,
  createTaxCalculator,
} from '../config/adapters.js';
import {
  createSegmentForwarder,
  type EventForwarder,
  noForwarder,
} from '../modules/events/forwarder.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Texts: the outbox only (the local mailbox), or Twilio too. */
    smsSender: SmsSender;
    tax: TaxCalculator;
    paymentGateway: PaymentGateway | SandboxPaymentGateway;
    placesProvider: PlacesProvider;
    /** Where analytics events go after they are stored. */
    eventForwarder: EventForwarder;
  }
}

/** The ports a test replaces; each one not given is chosen from the config. */
export type AdapterOverrides = {
  /** A Mailer (tests pass an SMTP mailer with a fake transport). */
  mailer?: Mailer | undefined;
  /** An SmsSender (tests pass Twilio's with a faked transport). */
  smsSender?: SmsSender | undefined;
  tax?: TaxCalculator | undefined;
  paymentGateway?: PaymentGateway | SandboxPaymentGateway | undefined;
  /** The places-autocomplete port (tests pass Google with a fake fetch). */
  placesProvider?: PlacesProvider | undefined;
  /** Where analytics events go (tests pass a fake); Segment when configured. */
  eventForwarder?: EventForwarder | undefined;
};

/** The outside world's ports (mail, texts, tax, payments, places, analytics): the one place they are chosen. */
export const adaptersPlugin = fp<AdapterOverrides>(
  async (app, overrides) => {
    const { config, now, log } = app;
    const db = app.database.db;
    const mailer =
      overrides.mailer ?? createMailer(config.mail, { db, log, now, metrics: app.counters });
    const eventForwarder =
      overrides.eventForwarder ??
      (config.analytics.segmentWriteKey
        ? createSegmentForwarder({ writeKey: config.analytics.segmentWriteKey, log })
        : noForwarder);
    const smsSender =
      overrides.smsSender ??
      createSmsSender(config.sms, {
        db,
        log,
        now,
        metrics: app.counters,
        publicUrl: config.publicUrl,
      });
    app.decorate('mailer', mailer);
    app.decorate('smsSender', smsSender);
    app.decorate('tax', overrides.tax ?? createTaxCalculator(config.tax));
    app.decorate(
      'paymentGateway',
      overrides.paymentGateway ?? createPaymentGateway(config.payment, { db, now }),
    );
    app.decorate('placesProvider', overrides.placesProvider ?? createPlacesProvider(config.places));
    app.decorate('eventForwarder', eventForwarder);
    // Registered after the database's hook, so the mailer finishes its deliveries (which write
    // to the outbox) before the database closes.
    app.addHook('onClose', () => mailer.close());
    app.addHook('onClose', () => smsSender.close());
    app.addHook('onClose', () => eventForwarder.close());
  },
  { name: 'adapters', dependencies: ['core'] },
);
