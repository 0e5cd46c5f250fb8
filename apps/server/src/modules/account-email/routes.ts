import { ChangeEmailRequestSchema, ChangeEmailResponseSchema } from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountEmailService } from './service.js';

export type AccountEmailRoutesOptions = {
  service: AccountEmailService;
  auth: SessionAuth;
  /** Per IP, as the login's. */
  rateLimit: RouteRateLimit;
};

/** The account's email change (session and current password); registered under /v2. */
export const accountEmailRoutes: FastifyPluginAsyncZod<AccountEmailRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, auth } = opts;

  app.post(
    '/account/email',
    {
      onRequest: auth.requireSession,
      config: { rateLimit: opts.rateLimit },
      schema: {
        tags: ['account'],
        summary: "Change the logged-in user's email address (needs the current password)",
        description:
          '422 `{ validationErrors }` at `currentPassword` (wrong), `email` (the email rule, the ' +
          'same address, or an address another account has: the signup’s generic text); 429 ' +
          'RATE_LIMITED after repeated wrong passwords (as the login). The old address is sent ' +
          'a notice in the account’s language.',
        headers: LocaleHeadersSchema,
        body: ChangeEmailRequestSchema,
        response: {
          200: ChangeEmailResponseSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.change(auth.sessionOf(request).userId, request.body, {
        locale: requestLocale(request),
      });
    },
  );
};
