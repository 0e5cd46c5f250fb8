import {
  AccountBillingSchema,
  AccountBillingUpdateRequestSchema,
  AccountBillingUpdateResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import { LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountBillingService } from './service.js';

export type AccountBillingRoutesOptions = {
  service: AccountBillingService;
  auth: SessionAuth;
};

/** The account billing page's calls (session); registered under /v2. */
export const accountBillingRoutes: FastifyPluginAsyncZod<AccountBillingRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, auth } = opts;

  app.get(
    '/account/billing',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: "The logged-in user's billing address, time zone and payment method on file",
        description:
          'The payment method is that of the latest COMPLETED payment (as Parent A, or as an ' +
          'invited co-parent paying for their own subscription); null when there is none.',
        response: { 200: AccountBillingSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(auth.sessionOf(request).userId);
    },
  );

  app.put(
    '/account/billing',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: "Save the logged-in user's billing address (PRIMARY) and time zone",
        description:
          'The rules of the checkout billing save: 422 `{ validationErrors }` at `address.*` and ' +
          '`timeZone`, localised by `language` / `Accept-Language`; nothing saved on 422.',
        headers: LocaleHeadersSchema,
        body: AccountBillingUpdateRequestSchema,
        response: {
          200: AccountBillingUpdateResponseSchema,
          401: ProblemSchema,
          422: AccountBillingUpdateResponseSchema,
        },
      },
    },
    async (request) => {
      await service.update(auth.sessionOf(request).userId, request.body, requestLocale(request));
      return { validationErrors: [] };
    },
  );
};
