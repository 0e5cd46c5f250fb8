import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import {
  createPaymentGateway,
  isSandboxGateway,
} from './adapters/payment/create-payment-gateway.js';
import type { PaymentGateway } from './adapters/payment/payment-gateway.js';
import type { SandboxPaymentGateway } from './adapters/payment/sandbox.js';
import { createPlacesProvider, type PlacesProvider } from './adapters/places/places-provider.js';
import { createTaxCalculator, type TaxCalculator } from './adapters/tax/tax-calculator.js';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { AppError } from './errors.js';
import { registerErrorHandling } from './http/error-handler.js';
import { limitJsonDepth } from './http/json-depth.js';
import { refuseNulCharacters } from './http/nul-characters.js';
import { createRateLimitRedis } from './http/rate-limit-store.js';
import { echoRequestId, requestIdFor } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { zodValidatorCompiler } from './http/validation.js';
import { atLeast, createLogger } from './logger.js';
import { accountBillingRoutes } from './modules/account-billing/routes.js';
import { createAccountBillingService } from './modules/account-billing/service.js';
import { accountEmailRoutes } from './modules/account-email/routes.js';
import { createAccountEmailService } from './modules/account-email/service.js';
import { accountHomeRoutes } from './modules/account-home/routes.js';
import { createAccountHomeService } from './modules/account-home/service.js';
import { casesRoutes } from './modules/cases/routes.js';
import { createCasesService } from './modules/cases/service.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { type CheckoutHooks, createCheckoutService } from './modules/checkout/service.js';
import { credentialsRoutes, SESSION_COOKIE } from './modules/credentials/routes.js';
import { createCredentialsService } from './modules/credentials/service.js';
import { createEmailRetryJob, type EmailRetryJob } from './modules/email/retry.js';
import { devMailboxPageRoutes, devMailboxRoutes } from './modules/email/routes.js';
import { createMailboxService } from './modules/email/service.js';
import {
  createSegmentForwarder,
  type EventForwarder,
  noForwarder,
} from './modules/events/forwarder.js';
import { eventsRoutes } from './modules/events/routes.js';
import { createEventsService } from './modules/events/service.js';
import { flagRoutes } from './modules/flags/routes.js';
import { createFlagService } from './modules/flags/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createExpiredRowsPurge, type ExpiredRowsPurge } from './modules/housekeeping/purge.js';
import { inviteRoutes } from './modules/invite/routes.js';
import { createInviteService } from './modules/invite/service.js';
import { lookupsRoutes } from './modules/lookups/routes.js';
import { registerHttpMetrics } from './modules/metrics/http-metrics.js';
import { createPrometheusMetrics } from './modules/metrics/prometheus.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { placesRoutes } from './modules/places/routes.js';
import { createPlacesService } from './modules/places/service.js';
import { pricingRoutes } from './modules/pricing/routes.js';
import { createPricingService } from './modules/pricing/service.js';
import { professionalRoutes } from './modules/professional/routes.js';
import { createProfessionalService } from './modules/professional/service.js';
import { recoveryRoutes } from './modules/recovery/routes.js';
import { createRecoveryService } from './modules/recovery/service.js';
import { sessionRoutes } from './modules/session/routes.js';
import { createSessionAuth } from './modules/session/session-auth.js';
import { signupRoutes } from './modules/signup/routes.js';
import { createSignupService } from './modules/signup/service.js';
import { supportRoutes } from './modules/support/routes.js';
import { createSupportChatService } from './modules/support/service.js';
import { contentSecurityPolicyDirectives } from './security/content-security-policy.js';
import {
  createAccountExistsNotifier,
  createEmailRevealGuard,
  createRevealStore,
} from './security/email-reveal-limit.js';
import { webRoutes } from './web/routes.js';

export type AppDeps = {
  /** A database the caller owns (tests); otherwise the app creates one and closes it on close. */
  database?: Database;
  /** Close `database` when the app closes, after the app's own close hooks (main.ts). */
  closeDatabase?: boolean;
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  /** The clock (tests move time); `() => new Date()` otherwise. */
  now?: () => Date;
  /** A Mailer (tests pass an SMTP mailer with a fake transport); chosen from config otherwise. */
  mailer?: Mailer;
  /** The tax port; chosen from config otherwise. */
  tax?: TaxCalculator;
  /** The payment gateway port; chosen from config otherwise. */
  paymentGateway?: PaymentGateway | SandboxPaymentGateway;
  /** Test seams of the checkout (a simulated crash before the commit). */
  checkoutHooks?: CheckoutHooks;
  /** Where analytics events go after they are stored (tests pass a fake); Segment when configured. */
  eventForwarder?: EventForwarder;
  /** Sees every route as it is registered (the fuzz test enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The places-autocomplete port (tests pass Google with a fake fetch); chosen from config otherwise. */
  placesProvider?: PlacesProvider;
};

/** What main.ts (and tests) can ask of the checkout beyond HTTP. */
export type CheckoutControl = {
  /** Settles every abandoned PENDING payment (see the checkout service). */
  reconcilePendingPayments(): Promise<{
    completed: number;
    failed: number;
    voided: number;
    unresolved: number;
    /** Charges that arrived for attempts already ended, voided or refunded (late-charges.ts). */
    lateChargesReversed: number;
  }>;
  /** Starts the periodic reconciliation (PAYMENT_RECONCILE_INTERVAL_SECONDS); stops on close. */
  startReconciliation(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutControl;
    /** The scheduled purge of expired signups and tokens: main.ts starts it; it stops on close. */
    purge: Pick<ExpiredRowsPurge, 'purgeExpired' | 'start'>;
    /** The retry of failed emails (EMAIL_RETRY_INTERVAL_SECONDS): main.ts starts it; it stops on close. */
    emailRetry: Pick<EmailRetryJob, 'runDue' | 'start'>;
    /** This app's Prometheus text (main.ts serves it on METRICS_PORT when that is set). */
    metrics: { scrape(): Promise<string>; contentType: string };
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Request body limit: the join funnel's bodies are a few kilobytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Fastify's types take a hop count as a function (proxy-addr semantics: trust the first n hops). */
function fastifyTrustProxy(trustProxy: Config['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const logger = createLogger(config, deps.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Every log line of a request carries its id (`reqId`): a proxy's X-Request-Id when it is a
    // safe token, a new UUID otherwise. Answers echo it (http/request-id.ts).
    genReqId: requestIdFor,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  echoRequestId(app);

  const ownsDatabase = deps.database === undefined || deps.closeDatabase === true;
  const database = deps.database ?? createDatabase(config);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // One registry per app (two apps in one process never mix their counts); the services count
  // through its small `metrics` port.
  const prometheus = createPrometheusMetrics({ poolStats: database.poolStats });
  const { metrics } = prometheus;
  registerHttpMetrics(app, prometheus.observeRequest);
  app.decorate('metrics', { scrape: prometheus.scrape, contentType: prometheus.contentType });
  const now = deps.now ?? (() => new Date());
  const mailer =
    deps.mailer ?? createMailer(config.mail, { db: database.db, log: app.log, now, metrics });
  const tax = deps.tax ?? createTaxCalculator(config.tax);
  const paymentGateway =
    deps.paymentGateway ?? createPaymentGateway(config.payment, { db: database.db, now });
  // onClose hooks run last-registered first: the mailer finishes its deliveries (which write to
  // the outbox) before the database closes.
  app.addHook('onClose', () => mailer.close());
  const emailRetry = createEmailRetryJob({
    mailer,
    log: app.log,
    intervalSeconds: config.mail.kind === 'smtp' ? config.mail.retry.intervalSeconds : 0,
  });
  app.decorate('emailRetry', { runDue: emailRetry.runDue, start: emailRetry.start });
  // Registered after the mailer's hook, so the job stops before the mailer closes.
  app.addHook('onClose', () => emailRetry.stop());

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Graceful shutdown: a response sent once close has begun ends its keep-alive connection, so
  // the close waits for requests in flight, not for idle clients' keep-alive timeouts.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  // Security headers first, so every answer has them.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      // Strict 'self'; Braintree and PayPal, the affiliate script, Zendesk only when configured.
      directives: contentSecurityPolicyDirectives(config.payment, {
        affiliateScriptOrigin: config.affiliate.scriptOrigin,
        affiliatePixelOrigin: config.affiliate.pixelOrigin,
        zendesk: config.supportChat.zendesk !== undefined,
      }),
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });

  // JSON bodies only: a cross-site form post (form-encoded, multipart or text/plain) is refused
  // with 415 by Fastify's content-type parsing.
  app.removeContentTypeParser('text/plain');
  limitJsonDepth(app);
  refuseNulCharacters(app);

  // Counters in Redis when REDIS_URL is set (all instances count together), else in memory.
  const rateLimitRedis = config.rateLimit.redisUrl
    ? await createRateLimitRedis(config.rateLimit.redisUrl, app.log)
    : undefined;
  if (rateLimitRedis) app.addHook('onClose', () => rateLimitRedis.disconnect());
  const sharedCounters = rateLimitRedis
    ? { redis: rateLimitRedis, prefix: config.rateLimit.redisPrefix, log: app.log }
    : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? { redis: rateLimitRedis, nameSpace: config.rateLimit.redisPrefix, skipOnError: true }
      : {}),
    errorResponseBuilder: () => {
      metrics.rateLimitRefused('per_ip');
      return new AppError('RATE_LIMITED');
    },
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Co-parent join API',
        description:
          'Signup (join) funnel API. Errors are application/problem+json; field validation answers ' +
          '422 `{ validationErrors: [{ field, text, type? }] }` (409 for the professional validator ' +
          'and for an email that has an account) localised by the `language` or ' +
          '`Accept-Language` header.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          registrationKey: { type: 'apiKey', in: 'header', name: 'X-Registration-Key' },
          credentialsToken: { type: 'http', scheme: 'bearer' },
          inviteToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The UI's page loads only its own scripts and styles, so helmet's strict CSP covers it too.
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { validatorUrl: null } });

  // Routes last.
  await app.register(healthRoutes, {
    ping: () => database.ping(),
    pingRedis: rateLimitRedis ? () => rateLimitRedis.ping() : undefined,
    logLevel: atLeast(config.logLevel, 'warn'),
  });
  if (config.metrics.onAppPort) {
    await app.register(metricsRoutes, {
      scrape: prometheus.scrape,
      contentType: prometheus.contentType,
      token: config.metrics.token,
      logLevel: atLeast(config.logLevel, 'warn'),
    });
  }
  // Feature flags and experiments (OFREP): a bad flag file stops the start-up here.
  const flagService = await createFlagService({ file: config.flags.file, log: app.log });
  app.addHook('onClose', () => flagService.close());
  await app.register(flagRoutes, { service: flagService });
  await app.register(lookupsRoutes, { prefix: '/v2/lookups' });
  // The duplicate-account answers: limited per email address, and the owner is emailed.
  const emailReveals = createEmailRevealGuard({
    store: createRevealStore({
      redis: rateLimitRedis,
      prefix: config.rateLimit.redisPrefix,
      now,
      log: app.log,
    }),
    limitPerHour: config.rateLimit.emailRevealPerHour,
    now,
    log: app.log,
    metrics,
    notifyOwner: createAccountExistsNotifier({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
    }),
  });
  // Registered after the mailer's and Redis's hooks, so it runs before them.
  app.addHook('onClose', () => emailReveals.close());
  const purge = createExpiredRowsPurge({
    db: database.db,
    now,
    log: app.log,
    settings: {
      purgeAfterHours: config.signup.purgeAfterHours,
      intervalSeconds: config.signup.purgeIntervalSeconds,
    },
    runAlone: database.runAlone,
  });
  app.decorate('purge', { purgeExpired: purge.purgeExpired, start: purge.start });
  app.addHook('onClose', () => purge.stop());
  // Pricing checks a signup's registration key through the signup module (at request time),
  // which prices its saved orders through pricing.
  const pricingService = createPricingService({
    db: database.db,
    tax,
    now,
    signups: { authorize: (signupId, key) => signupService.authorize(signupId, key) },
    flags: flagService,
  });
  const signupService = createSignupService({
    db: database.db,
    ttlHours: config.signup.ttlHours,
    now,
    emailReveals,
    flags: flagService,
    metrics,
    pricing: pricingService,
  });
  await app.register(signupRoutes, {
    prefix: '/v2/signups',
    service: signupService,
    createRateLimit: { max: config.rateLimit.signupCreatePerMinute, timeWindow: '1 minute' },
  });
  await app.register(pricingRoutes, {
    prefix: '/v2',
    service: pricingService,
    priceRateLimit: { max: config.rateLimit.pricingPerMinute, timeWindow: '1 minute' },
  });
  // Analytics ([F6]): POST /v2/events, the staff-only funnel report, and the exposures of the
  // experiments the server decides (the checkout's).
  const eventForwarder =
    deps.eventForwarder ??
    (config.analytics.segmentWriteKey
      ? createSegmentForwarder({ writeKey: config.analytics.segmentWriteKey, log: app.log })
      : noForwarder);
  app.addHook('onClose', () => eventForwarder.close());
  const eventsService = createEventsService({
    db: database.db,
    forwarder: eventForwarder,
    log: app.log,
    flags: flagService,
  });
  const checkoutService = createCheckoutService({
    db: database.db,
    gateway: paymentGateway,
    pricing: pricingService,
    signups: signupService,
    mailer,
    log: app.log,
    now,
    publicUrl: config.publicUrl,
    settings: config.checkout,
    hooks: deps.checkoutHooks,
    flags: flagService,
    exposures: eventsService,
    runAlone: database.runAlone,
    metrics,
  });
  await app.register(checkoutRoutes, {
    prefix: '/v2',
    service: checkoutService,
    sandboxTokenize: isSandboxGateway(paymentGateway) && !config.isProduction,
    paymentRateLimit: { max: config.rateLimit.paymentPerMinute, timeWindow: '1 minute' },
    tokenizeRateLimit: { max: config.rateLimit.tokenizePerMinute, timeWindow: '1 minute' },
    clientTokenRateLimit: { max: config.rateLimit.clientTokenPerMinute, timeWindow: '1 minute' },
  });
  await app.register(inviteRoutes, {
    prefix: '/v2',
    service: createInviteService({
      db: database.db,
      pricing: pricingService,
      checkout: checkoutService,
      mailer,
      log: app.log,
      now,
      publicUrl: config.publicUrl,
      settings: {
        inviteTtlDays: config.checkout.inviteTtlDays,
        credentialsTokenTtlMinutes: config.checkout.credentialsTokenTtlMinutes,
        requestsPerHour: config.invite.requestsPerHour,
        requestIntervalSeconds: config.invite.requestIntervalSeconds,
      },
      metrics,
    }),
    requestRateLimit: { max: config.rateLimit.inviteRequestPerMinute, timeWindow: '1 minute' },
    pricingRateLimit: { max: config.rateLimit.pricingPerMinute, timeWindow: '1 minute' },
    paymentRateLimit: { max: config.rateLimit.paymentPerMinute, timeWindow: '1 minute' },
    credentialsRateLimit: { max: config.rateLimit.credentialsPerMinute, timeWindow: '1 minute' },
  });
  await app.register(credentialsRoutes, {
    prefix: '/v2',
    service: createCredentialsService({
      db: database.db,
      now,
      sessionTtlHours: config.checkout.sessionTtlHours,
      loginLockout: config.loginLockout,
      sharedCounters,
      metrics,
    }),
    cookieName: SESSION_COOKIE,
    secureCookies: config.publicUrl.startsWith('https:'),
    usernameCheckRateLimit: {
      max: config.rateLimit.usernameCheckPerMinute,
      timeWindow: '1 minute',
    },
    credentialsRateLimit: { max: config.rateLimit.credentialsPerMinute, timeWindow: '1 minute' },
    loginRateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' },
  });

  // The account area (/app/account/*): its calls pass `sessionAuth.requireSession`.
  const sessionAuth = createSessionAuth(app, {
    db: database.db,
    now,
    cookieName: SESSION_COOKIE,
  });
  const secureCookies = config.publicUrl.startsWith('https:');
  await app.register(sessionRoutes, {
    prefix: '/v2',
    db: database.db,
    auth: sessionAuth,
    secureCookies,
  });
  // Password retrieval (no session): docs/f1-contract.md, "Password recovery".
  await app.register(recoveryRoutes, {
    prefix: '/v2',
    service: createRecoveryService({
      db: database.db,
      mailer,
      log: app.log,
      now,
      publicUrl: config.publicUrl,
      settings: config.recovery,
    }),
    lookupRateLimit: { max: config.rateLimit.recoveryPerMinute, timeWindow: '1 minute' },
    verifyRateLimit: { max: config.rateLimit.recoveryVerifyPerMinute, timeWindow: '1 minute' },
  });
  await app.register(casesRoutes, {
    prefix: '/v2',
    service: createCasesService({
      db: database.db,
      mailer,
      now,
      publicUrl: config.publicUrl,
      inviteTtlDays: config.checkout.inviteTtlDays,
    }),
    auth: sessionAuth,
    createRateLimit: { max: config.professional.caseCreatePerMinute, timeWindow: '1 minute' },
  });
  await app.register(eventsRoutes, {
    prefix: '/v2',
    service: eventsService,
    db: database.db,
    auth: sessionAuth,
    now,
    eventsRateLimit: { max: config.rateLimit.eventsPerMinute, timeWindow: '1 minute' },
  });
  await app.register(accountHomeRoutes, {
    prefix: '/v2',
    service: createAccountHomeService({ db: database.db, now }),
    auth: sessionAuth,
  });
  await app.register(accountBillingRoutes, {
    prefix: '/v2',
    service: createAccountBillingService({ db: database.db, now }),
    auth: sessionAuth,
  });
  await app.register(accountEmailRoutes, {
    prefix: '/v2',
    service: createAccountEmailService({
      db: database.db,
      mailer,
      log: app.log,
      now,
      lockout: config.loginLockout,
      sharedCounters,
      metrics,
    }),
    auth: sessionAuth,
    rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' },
  });

  // Support chat ([F6]): the Zendesk messaging token, for visitors and logged-in accounts.
  await app.register(supportRoutes, {
    prefix: '/pub/v1',
    service: createSupportChatService({
      db: database.db,
      now,
      zendesk: config.supportChat.zendesk,
    }),
    auth: sessionAuth,
    tokenRateLimit: { max: config.supportChat.tokenPerMinute, timeWindow: '1 minute' },
  });

  // Reconciliation of abandoned payments: main.ts runs it at start-up and starts the timer.
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<unknown> | undefined;
  const reconcile = () => {
    reconciling ??= checkoutService.reconcilePendingPayments().finally(() => {
      reconciling = undefined;
    });
    return reconciling as ReturnType<CheckoutControl['reconcilePendingPayments']>;
  };
  app.decorate('checkout', {
    reconcilePendingPayments: reconcile,
    startReconciliation: () => {
      const seconds = config.checkout.reconcileIntervalSeconds;
      if (seconds === 0 || reconcileTimer) return;
      reconcileTimer = setInterval(() => {
        reconcile().catch((err: unknown) => app.log.error({ err }, 'reconciliation failed'));
      }, seconds * 1000);
      reconcileTimer.unref();
    },
  } satisfies CheckoutControl);
  app.addHook('onClose', async () => {
    if (reconcileTimer) clearInterval(reconcileTimer);
    await reconciling?.catch(() => {});
  });
  await app.register(professionalRoutes, {
    prefix: '/v2/professional',
    service: createProfessionalService({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      allowTestHooks: !config.isProduction,
      activationTtlHours: config.professional.activationTtlHours,
      emailReveals,
      now,
    }),
    createRateLimit: { max: config.rateLimit.professionalCreatePerMinute, timeWindow: '1 minute' },
    validateRateLimit: {
      max: config.rateLimit.professionalValidatePerMinute,
      timeWindow: '1 minute',
    },
  });
  // Address autocomplete for the billing forms ([F3]): a proxy, so the provider's key stays here.
  await app.register(placesRoutes, {
    prefix: '/v2',
    service: createPlacesService({
      provider: deps.placesProvider ?? createPlacesProvider(config.places),
      log: app.log,
    }),
    placesRateLimit: { max: config.rateLimit.placesPerMinute, timeWindow: '1 minute' },
  });
  if (config.devMailbox) {
    const mailbox = createMailboxService({ db: database.db });
    await app.register(devMailboxRoutes, { prefix: '/v2/dev', service: mailbox });
    await app.register(devMailboxPageRoutes, { service: mailbox });
  }
  await app.register(webRoutes, { distDir: config.web.distDir });

  return app;
}
