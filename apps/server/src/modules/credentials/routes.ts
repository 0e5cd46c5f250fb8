import {
  LoginRequestSchema,
  LoginResponseSchema,
  SetCredentialsRequestSchema,
  SetCredentialsResponseSchema,
  UsernameCheckQuerySchema,
  UsernameCheckResponseSchema,
} from '@coparent/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializeCookie } from '../../http/cookies.js';
import { requestLocale } from '../../http/locale.js';
import { isOwnPageCall } from '../../http/own-page-call.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import { bearerToken } from '../../security/tokens.js';
import { clearedCredentialsTokenCookie } from './credentials-cookie.js';
import type { CredentialsService, OpenedSession } from './service.js';

export type CredentialsRoutesOptions = {
  service: CredentialsService;
  /** The session cookie's name. */
  cookieName: string;
  /** Secure cookies when the site is served over https (PUBLIC_URL). */
  secureCookies: boolean;
  usernameCheckRateLimit: RouteRateLimit;
  credentialsRateLimit: RouteRateLimit;
  loginRateLimit: RouteRateLimit;
};

const BearerHeadersSchema = LocaleHeadersSchema.extend({
  authorization: z
    .string()
    .optional()
    .describe('Bearer <clickToJoinToken> from the payment answer (single use, 2 hours)'),
});

/** The username check, the setting of credentials, and the login; registered under /v2. */
export const credentialsRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (
  app,
  opts,
) => {
  const { service } = opts;

  /** The http-only session cookie of a session just opened (never cached). */
  const setSessionCookie = (reply: FastifyReply, session: OpenedSession) => {
    reply.header('cache-control', 'no-store');
    reply.header(
      'set-cookie',
      serializeCookie(opts.cookieName, session.sessionToken, {
        maxAgeSeconds: session.maxAgeSeconds,
        secure: opts.secureCookies,
      }),
    );
  };

  app.get(
    '/credentials/username',
    {
      config: { rateLimit: opts.usernameCheckRateLimit },
      schema: {
        tags: ['credentials'],
        summary: 'Does a username meet the requirements, and is it free?',
        security: [{ credentialsToken: [] }],
        headers: BearerHeadersSchema,
        querystring: UsernameCheckQuerySchema,
        response: { 200: UsernameCheckResponseSchema, 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.checkUsername(
        bearerToken(request.headers.authorization),
        request.query.username,
      );
    },
  );

  app.post(
    '/credentials',
    {
      config: { rateLimit: opts.credentialsRateLimit },
      schema: {
        tags: ['credentials'],
        summary: 'Set the username and password (once, with the credentials token)',
        description:
          '422 `validationErrors` at `username` or `password` (the domain rules, plus common ' +
          'passwords and passwords containing the username, the email or the product name); ' +
          '401 CREDENTIALS_TOKEN_INVALID for a used, expired or unknown token. An invited ' +
          'co-parent is signed in at once: the answer sets the session cookie of POST /v2/login. ' +
          'Called from this site’s own page, the answer clears the join pages’ ' +
          '`coparent_credentials` cookie (the token is used up).',
        security: [{ credentialsToken: [] }],
        headers: BearerHeadersSchema,
        body: SetCredentialsRequestSchema,
        response: {
          200: SetCredentialsResponseSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { body, session } = await service.setCredentials(
        bearerToken(request.headers.authorization),
        request.body,
        { locale: requestLocale(request) },
      );
      if (session) setSessionCookie(reply, session);
      // The payment's token is used up: /credentials is no longer written with it (the app's
      // own page; an API client's answers stay as they were).
      if (isOwnPageCall(request)) {
        reply.header('set-cookie', clearedCredentialsTokenCookie({ secure: opts.secureCookies }));
      }
      return body;
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: opts.loginRateLimit },
      schema: {
        tags: ['credentials'],
        summary: 'Log in (the spec’s login form post): a session cookie',
        description:
          'Answers `{ url, redirectUrl, auth: true, userId }` and sets the http-only, ' +
          'SameSite=Lax session cookie. Wrong credentials: 401 LOGIN_FAILED (the browser shows ' +
          '`login_error`).',
        headers: LocaleHeadersSchema,
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const session = await service.login(request.body);
      setSessionCookie(reply, session);
      return session.body;
    },
  );
};
