import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { securesCookies } from './http/cookies.js';
import { perMinute } from './http/per-minute.js';
import { echoRequestId, requestIdFor } from './http/request-id.js';
import { createLogger, requestLogger } from './logger.js';
import { accountBillingPlugin } from './modules/account-billing/plugin.js';
import { accountEmailPlugin } from './modules/account-email/plugin.js';
import { accountHomePlugin } from './modules/account-home/plugin.js';
import { accountPaymentMethodPlugin } from './modules/account-payment-method/plugin.js';
import { accountSubscriptionPlugin } from './modules/account-subscription/plugin.js';
import { casesPlugin } from './modules/cases/plugin.js';
import { checkoutPlugin } from './modules/checkout/plugin.js';
import type { CheckoutHooks } from './modules/checkout/service.js';
import { credentialsPlugin } from './modules/credentials/plugin.js';
import { emailPlugin } from './modules/email/plugin.js';
import { eventsPlugin } from './modules/events/plugin.js';
import { flagsPlugin } from './modules/flags/plugin.js';
import { healthPlugin } from './modules/health/plugin.js';
import { housekeepingPlugin } from './modules/housekeeping/plugin.js';
import { inviteCookiePlugin } from './modules/invite/invite-cookie.js';
import { invitePlugin } from './modules/invite/plugin.js';
import { lookupsPlugin } from './modules/lookups/plugin.js';
import { metricsPlugin } from './modules/metrics/plugin.js';
import { placesPlugin } from './modules/places/plugin.js';
import { pricingPlugin } from './modules/pricing/plugin.js';
import { professionalPlugin } from './modules/professional/plugin.js';
import { recoveryPlugin } from './modules/recovery/plugin.js';
import { sessionPlugin } from './modules/session/plugin.js';
import { signupPlugin } from './modules/signup/plugin.js';
import { signupCookiePlugin } from './modules/signup/signup-cookie.js';
import { signupResumePlugin } from './modules/signup-resume/plugin.js';
import { smsWebhooksPlugin } from './modules/sms-webhooks/plugin.js';
import { subscriptionRenewalsPlugin } from './modules/subscription-renewals/plugin.js';
import { supportPlugin } from './modules/support/plugin.js';
import { type AdapterOverrides, adaptersPlugin } from './plugins/adapters.js';
import { corePlugin } from './plugins/core.js';
import { emailRevealsPlugin } from './plugins/email-reveals.js';
import { httpPlugin } from './plugins/http.js';
import { openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { webRoutes } from './web/routes.js';

export type AppDeps = AdapterOverrides & {
  /** A database the caller owns (tests); otherwise the app creates one and closes it on close. */
  database?: Database;
  /** Close `database` when the app closes, after the app's own close hooks (main.ts). */
  closeDatabase?: boolean;
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  /** The clock (tests move time); `() => new Date()` otherwise. */
  now?: () => Date;
  /** Test seams of the checkout (a simulated crash before the commit). */
  checkoutHooks?: CheckoutHooks;
  /** Sees every route as it is registered (the fuzz test enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void;
};

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

/**
 * The app: one Fastify plugin per module, registered in the order of their dependencies (each
 * plugin names the ones it needs, and Fastify refuses to start when one is missing). Shared
 * pieces first (the config, database and counters; the adapters; how calls are read and
 * answered; rate limits; the OpenAPI document), then the modules, each a service decorated on
 * the instance for the modules after it and its routes.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    loggerInstance: createLogger(config, deps.logStream) as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Every log line of a request carries its id (`reqId`): a proxy's X-Request-Id when it is a
    // safe token, a new UUID otherwise. Answers echo it (http/request-id.ts).
    genReqId: requestIdFor,
    requestIdHeader: false,
    childLoggerFactory: requestLogger,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  echoRequestId(app);

  await app.register(corePlugin, {
    config,
    database: deps.database,
    closeDatabase: deps.closeDatabase,
    now: deps.now,
  });
  await app.register(adaptersPlugin, {
    mailer: deps.mailer,
    smsSender: deps.smsSender,
    tax: deps.tax,
    paymentGateway: deps.paymentGateway,
    placesProvider: deps.placesProvider,
    eventForwarder: deps.eventForwarder,
  });
  await app.register(httpPlugin);
  await app.register(signupCookiePlugin);
  await app.register(inviteCookiePlugin);
  await app.register(rateLimitPlugin);
  await app.register(openApiPlugin);
  await app.register(emailPlugin);

  // Routes last.
  await app.register(healthPlugin);
  await app.register(metricsPlugin);
  await app.register(flagsPlugin);
  await app.register(lookupsPlugin);
  await app.register(emailRevealsPlugin);
  await app.register(housekeepingPlugin);
  await app.register(pricingPlugin);
  await app.register(signupPlugin);
  await app.register(signupResumePlugin);
  await app.register(sessionPlugin);
  await app.register(eventsPlugin);
  await app.register(checkoutPlugin, { checkoutHooks: deps.checkoutHooks });
  await app.register(invitePlugin);
  await app.register(smsWebhooksPlugin);
  await app.register(credentialsPlugin);
  await app.register(recoveryPlugin);
  await app.register(casesPlugin);
  await app.register(accountHomePlugin);
  await app.register(accountBillingPlugin);
  await app.register(accountPaymentMethodPlugin);
  await app.register(accountSubscriptionPlugin);
  await app.register(subscriptionRenewalsPlugin);
  await app.register(accountEmailPlugin);
  await app.register(supportPlugin);
  await app.register(professionalPlugin);
  await app.register(placesPlugin);
  await app.register(webRoutes, {
    ...config.web,
    secureCookies: securesCookies(config.publicUrl),
    signupCreateRateLimit: perMinute(config.rateLimit.signupCreatePerMinute),
  });
  return app;
}
