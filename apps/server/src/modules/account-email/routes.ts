import {
  AccountEmailStatusSchema,
  ChangeEmailRequestSchema,
  ChangeEmailResponseSchema,
  ConfirmEmailChangeRequestSchema,
  ConfirmEmailChangeResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountEmailService } from './service.js';

export type AccountEmailRoutesOptions = {
  service: AccountEmailService;
  auth: SessionAuth;
  /** The request (it checks a password and sends email): per IP, as the login's. */
  rateLimit: RouteRateLimit;
  /** The link's confirmation: per IP, as the recovery's code and token calls. */
  confirmRateLimit: RouteRateLimit;
};

/** The account's email change by emailed link (decision 059); registered under /v2. */
export const accountEmailRoutes: FastifyPluginAsyncZod<AccountEmailRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, auth } = opts;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/account/email',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: "The logged-in user's email address and the change waiting for its link",
        response: { 200: AccountEmailStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.status(auth.sessionOf(request).userId),
  );

  app.post(
    '/account/email',
    {
      onRequest: auth.requireSession,
      config: { rateLimit: opts.rateLimit },
      schema: {
        tags: ['account'],
        summary:
          "Ask to change the logged-in user's email address (needs the current password): a " +
          'link goes to the new address',
        description:
          '202 `{ pending }`: a single-use link (24 hours) went to the new address and a notice ' +
          'to the current one, both in the account’s language; the email changes only when the ' +
          'link is confirmed, and an earlier link stops working. 422 `{ validationErrors }` at ' +
          '`currentPassword` (wrong), `email` (the email rule, the same address, or an address ' +
          'another account has: the signup’s generic text); 409 at `form` beyond the hourly ' +
          'number of requests; 429 RATE_LIMITED after repeated wrong passwords (as the login).',
        headers: LocaleHeadersSchema,
        body: ChangeEmailRequestSchema,
        response: {
          202: ChangeEmailResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.request(auth.sessionOf(request).userId, request.body, {
        locale: requestLocale(request),
      });
      return reply.status(202).send(answer);
    },
  );

  app.delete(
    '/account/email/pending',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Cancel the email change waiting for its link (the link stops working)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await service.cancel(auth.sessionOf(request).userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/email/confirm',
    {
      config: { rateLimit: opts.confirmRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Confirm an email change with the emailed link’s token (no session needed)',
        description:
          '200 `{ email }`: the account’s email is now the new address and the previous one is ' +
          'told. 410 EMAIL_CHANGE_INVALID for a link unknown, used, expired, replaced or ' +
          'canceled, or when the account’s email changed since it was sent; 409 ' +
          '`{ validationErrors }` at `form` when another account took the address meanwhile.',
        headers: LocaleHeadersSchema,
        body: ConfirmEmailChangeRequestSchema,
        response: {
          200: ConfirmEmailChangeResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(410, 422, 429),
        },
      },
    },
    async (request) => service.confirm(request.body, { locale: requestLocale(request) }),
  );
};
