import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { AppError } from './errors.js';
import { registerErrorHandling } from './http/error-handler.js';
import { zodValidatorCompiler } from './http/validation.js';
import { atLeast, createLogger } from './logger.js';
import { healthRoutes } from './modules/health/routes.js';
import { lookupsRoutes } from './modules/lookups/routes.js';
import { signupRoutes } from './modules/signup/routes.js';
import { createSignupService } from './modules/signup/service.js';
import { webRoutes } from './web/routes.js';

export type AppDeps = {
  /** A database the caller owns (tests); otherwise the app creates one and closes it on close. */
  database?: Database;
  /** Where logs go (tests capture them); stdout otherwise. */
  logStream?: DestinationStream;
  /** The clock (tests move time); `() => new Date()` otherwise. */
  now?: () => Date;
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

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const logger = createLogger(config, deps.logStream);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  const ownsDatabase = deps.database === undefined;
  const database = deps.database ?? createDatabase(config);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  const now = deps.now ?? (() => new Date());

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // JSON bodies only: a cross-site form post (form-encoded, multipart or text/plain) is refused
  // with 415 by Fastify's content-type parsing.
  app.removeContentTypeParser('text/plain');

  // External plugins first.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // TODO(scale-out): a Redis store when config.rateLimit.redisUrl is set (ioredis is not
    // installed yet); counters are per instance until then.
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Co-parent join API',
        description:
          'Signup (join) funnel API. Errors are application/problem+json; field validation answers ' +
          '422 `{ validationErrors: [{ field, text, type? }] }` localised by the `language` or ' +
          '`Accept-Language` header.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          registrationKey: { type: 'apiKey', in: 'header', name: 'X-Registration-Key' },
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
    logLevel: atLeast(config.logLevel, 'warn'),
  });
  await app.register(lookupsRoutes, { prefix: '/v2/lookups' });
  await app.register(signupRoutes, {
    prefix: '/v2/signups',
    service: createSignupService({ db: database.db, ttlHours: config.signup.ttlHours, now }),
    createRateLimit: { max: config.rateLimit.signupCreatePerMinute, timeWindow: '1 minute' },
  });
  await app.register(webRoutes, { distDir: config.web.distDir });

  return app;
}
