import {
  AccountPaymentMethodRefusalSchema,
  AccountPaymentMethodUpdateRequestSchema,
  AccountPaymentMethodUpdateResponseSchema,
  ClientTokenResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import {
  errorResponses,
  LocaleHeadersSchema,
  PaymentUnavailableProblem,
} from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { AccountPaymentMethodService } from './service.js';

export type AccountPaymentMethodRoutesOptions = {
  service: AccountPaymentMethodService;
  auth: SessionAuth;
  clientTokenRateLimit: RouteRateLimit;
  updateRateLimit: RouteRateLimit;
};

const REFUSED =
  '409 `{ validationErrors }` at `form`, localised: the user has no subscription that renews, ' +
  'the co-parent’s subscription is paid by Parent A (only the payer changes the card), or a ' +
  'professional covers it.';

/** The card or wallet on file, from the account's billing page (session); under /v2. */
export const accountPaymentMethodRoutes: FastifyPluginAsyncZod<
  AccountPaymentMethodRoutesOptions
> = async (app, opts) => {
  const { service, auth, clientTokenRateLimit, updateRateLimit } = opts;

  app.get(
    '/account/payment-method/client-token',
    {
      onRequest: auth.requireSession,
      config: { rateLimit: clientTokenRateLimit },
      schema: {
        tags: ['account'],
        summary: 'A client token for the payment fields that update the card on file',
        description:
          'As GET /v2/payment/client-token, for the merchant account of the currency the payer’s ' +
          `subscription renews in. 401 \`SESSION_REQUIRED\`. ${REFUSED}`,
        headers: LocaleHeadersSchema,
        response: {
          200: ClientTokenResponseSchema,
          409: AccountPaymentMethodRefusalSchema,
          503: PaymentUnavailableProblem,
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.clientToken(auth.sessionOf(request).userId, requestLocale(request));
    },
  );

  app.put(
    '/account/payment-method',
    {
      onRequest: auth.requireSession,
      config: { rateLimit: updateRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Replace the card or wallet the subscription renews with',
        description:
          'The `nonce` of the payment fields (never card data) is vaulted with the gateway, the ' +
          'card verified first, made the default; every subscription of the payer that is still ' +
          'in its term then renews with it, the old method is removed from the vault and the ' +
          'payer gets a confirmation email (brand and last four). 422 `{ validationErrors }` at ' +
          '`nonce` when the verification refuses it (nothing changes). Sending the same nonce ' +
          'again answers the change already made. 401 `SESSION_REQUIRED`; 503 ' +
          `\`PAYMENT_PROVIDER_UNAVAILABLE\` (nothing changed). ${REFUSED}`,
        headers: LocaleHeadersSchema,
        body: AccountPaymentMethodUpdateRequestSchema,
        response: {
          200: AccountPaymentMethodUpdateResponseSchema,
          409: AccountPaymentMethodRefusalSchema,
          503: PaymentUnavailableProblem,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.update(
        auth.sessionOf(request).userId,
        request.body.nonce,
        requestLocale(request),
      );
    },
  );
};
