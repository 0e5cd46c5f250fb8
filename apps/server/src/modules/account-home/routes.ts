import {
  AccountHomeSchema,
  AccountReceiptParamsSchema,
  AccountReceiptSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import { LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountHomeService } from './service.js';

export type AccountHomeRoutesOptions = { service: AccountHomeService; auth: SessionAuth };

/** The account home and the receipts; registered under /v2, behind the login session. */
export const accountHomeRoutes: FastifyPluginAsyncZod<AccountHomeRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, auth } = opts;

  app.get(
    '/account/home',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'The account home: the user, the family, the subscription and the receipts',
        description:
          'Package names in the request’s language. A professional has `family` and ' +
          '`subscription` null. 401 SESSION_REQUIRED without a live session.',
        headers: LocaleHeadersSchema,
        response: { 200: AccountHomeSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.home(auth.sessionOf(request).userId, requestLocale(request));
    },
  );

  app.get(
    '/account/receipts/:receiptId',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'One of the logged-in user’s receipts (as the funnel’s /receipt showed it)',
        description:
          'Any id that is not one of the session user’s receipts (another user’s, unknown, ' +
          'malformed) answers 404 RECEIPT_NOT_FOUND.',
        params: AccountReceiptParamsSchema,
        response: { 200: AccountReceiptSchema, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.receipt(auth.sessionOf(request).userId, request.params.receiptId);
    },
  );
};
