import {
  RecoveryLookupRequestSchema,
  RecoveryLookupResponseSchema,
  RecoveryResetRequestSchema,
  RecoveryResetResponseSchema,
  RecoveryVerifyRequestSchema,
  RecoveryVerifyResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema } from '../../http/schemas.js';
import type { RecoveryService } from './service.js';

export type RecoveryRoutesOptions = {
  service: RecoveryService;
  /** The lookup (it sends email): per client IP. */
  lookupRateLimit: RouteRateLimit;
  /** The code exchange and the new password: per client IP. */
  verifyRateLimit: RouteRateLimit;
};

/** Password retrieval, no session needed; registered under /v2. */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/account/recovery',
    {
      config: { rateLimit: opts.lookupRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Password retrieval: email a code and a link to the matching account',
        description:
          'One way: `email`, `username`, or `countryCode` + `phone`. SUCCESS with a `recoveryId` ' +
          'whether or not an account matched (the API never tells); MULTI when the phone belongs ' +
          'to several accounts (ask for the username).',
        headers: LocaleHeadersSchema,
        body: RecoveryLookupRequestSchema,
        response: {
          200: RecoveryLookupResponseSchema,
          ...errorResponses(422, 429),
        },
      },
    },
    async (request) => service.lookup(request.body),
  );

  app.post(
    '/account/recovery/verify',
    {
      config: { rateLimit: opts.verifyRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Exchange the emailed 6-digit code for a reset token',
        description:
          '422 at `verificationCode` for a wrong code; 410 RECOVERY_INVALID once the recovery ' +
          'is over (expired, replaced, used, or the 5th wrong code).',
        headers: LocaleHeadersSchema,
        body: RecoveryVerifyRequestSchema,
        response: {
          200: RecoveryVerifyResponseSchema,
          ...errorResponses(410, 422, 429),
        },
      },
    },
    async (request) => service.verify(request.body, { locale: requestLocale(request) }),
  );

  app.post(
    '/account/recovery/reset',
    {
      config: { rateLimit: opts.verifyRateLimit },
      schema: {
        tags: ['account'],
        summary:
          'Set a new password with a reset token (the verify answer’s or the emailed link’s)',
        description:
          '422 at `newPassword` (the credentials rules) or `confirmPassword`; 410 ' +
          'RECOVERY_INVALID for a used, replaced, expired or unknown token. Ends every session.',
        headers: LocaleHeadersSchema,
        body: RecoveryResetRequestSchema,
        response: {
          200: RecoveryResetResponseSchema,
          ...errorResponses(410, 422, 429),
        },
      },
    },
    async (request) => service.reset(request.body, { locale: requestLocale(request) }),
  );
};
