import { SupportChatTokenRequestSchema, SupportChatTokenResponseSchema } from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { SupportChatService } from './service.js';

export type SupportRoutesOptions = {
  service: SupportChatService;
  /** Reads the optional login session (the token names the account when there is one). */
  auth: SessionAuth;
  /** Per client IP. */
  tokenRateLimit: RouteRateLimit;
};

/** Support chat; registered under /pub/v1 (the path the chat widget calls). */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, opts) => {
  const { service, auth } = opts;

  app.post(
    '/zendesk/getUserJwtToken',
    {
      config: { rateLimit: opts.tokenRateLimit },
      schema: {
        tags: ['support'],
        summary: 'A short-lived JWT that logs the Zendesk messaging widget in',
        description:
          'No login needed. With an account session cookie the token names that account ' +
          '(`external_id` its user id, `name`, `email`); otherwise `external_id` is ' +
          '`anonymous:<anonymousId>`. HS256 with `kid`, `scope: user`, expires in 5 minutes. ' +
          '404 SUPPORT_CHAT_DISABLED when Zendesk is not configured.',
        body: SupportChatTokenRequestSchema,
        response: {
          200: SupportChatTokenResponseSchema,
          ...errorResponses(404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await auth.resolve(request);
      const token = await service.issueToken({
        userId: session?.userId ?? null,
        anonymousId: request.body.anonymousId,
      });
      return { token };
    },
  );
};
