import {
  ClientTokenQuerySchema,
  ClientTokenResponseSchema,
  isValidIdempotencyKey,
  PaymentRequestSchema,
  ReceiptSchema,
  SandboxTokenizeRequestSchema,
  TokenizePayloadSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import {
  errorResponses,
  LocaleHeadersSchema,
  PaymentUnavailableProblem,
  ProblemSchema,
  paymentResponses,
  RegistrationKeyHeadersSchema,
  SignupParamsSchema,
} from '../../http/schemas.js';
import { paidHereCookie } from '../credentials/credentials-cookie.js';
import {
  ReceiptPdfQuerySchema,
  ReceiptPdfResponse,
  receiptPdfLocale,
  sendReceiptPdf,
} from '../receipts/receipt-pdf-http.js';
import type { CheckoutService } from './service.js';

export type CheckoutRoutesOptions = {
  service: CheckoutService;
  /** POST /v2/payment/sandbox/tokenize exists only with the local sandbox gateway. */
  sandboxTokenize: boolean;
  paymentRateLimit: RouteRateLimit;
  tokenizeRateLimit: RouteRateLimit;
  clientTokenRateLimit: RouteRateLimit;
  /** Secure cookies when the site is served over https (PUBLIC_URL). */
  secureCookies: boolean;
};

const PaymentHeadersSchema = RegistrationKeyHeadersSchema.extend({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'One per payment attempt (8–128 visible ASCII characters, e.g. a UUID): the same key ' +
        'answers the same result and never charges twice',
    ),
});

/** The checkout calls (docs/checkout.md); registered under /v2. */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  {
    service,
    sandboxTokenize,
    paymentRateLimit,
    tokenizeRateLimit,
    clientTokenRateLimit,
    secureCookies,
  },
) => {
  app.get(
    '/payment/client-token',
    {
      config: { rateLimit: clientTokenRateLimit },
      schema: {
        tags: ['checkout'],
        summary: 'A client token for the payment form (Braintree, or the local sandbox)',
        querystring: ClientTokenQuerySchema,
        response: {
          200: ClientTokenResponseSchema,
          429: ProblemSchema,
          503: PaymentUnavailableProblem,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.clientToken(request.query.country);
    },
  );

  if (sandboxTokenize) {
    app.post(
      '/payment/sandbox/tokenize',
      {
        config: { rateLimit: tokenizeRateLimit },
        schema: {
          tags: ['checkout'],
          summary: 'Local sandbox only: tokenise a card as Braintree hosted fields would',
          description:
            'Not registered in production or with Braintree configured. 422 `validationErrors` ' +
            'at `number`, `expirationDate`, `cvv` with the spec’s three messages. The card number ' +
            'and code are never stored or logged: only a random nonce with the brand, the last ' +
            'four digits and the test behaviour.',
          headers: LocaleHeadersSchema,
          body: SandboxTokenizeRequestSchema,
          response: {
            200: TokenizePayloadSchema,
            ...errorResponses(422, 429),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.tokenize(request.body, { locale: requestLocale(request) });
      },
    );
  }

  app.post(
    '/signups/:signupId/payment',
    {
      config: { rateLimit: paymentRateLimit },
      schema: {
        tags: ['checkout'],
        summary: 'Pay for a signup (exactly once per signup)',
        description:
          'Re-prices on the server; 409 PRICE_CHANGED (with `pricing`) when the total or tax ' +
          'differs from `amountDisplayed` / `taxAmountDisplayed`. The same Idempotency-Key ' +
          'answers the stored result; a paid signup answers its stored result. 402 ' +
          'PAYMENT_DECLINED, 409 PAYMENT_IN_PROGRESS, 503 PAYMENT_PROVIDER_UNAVAILABLE (nothing ' +
          'charged), 422 `validationErrors` (a duplicate parent: `parentDuplicate`). Called from ' +
          'this site’s own page (`Sec-Fetch-Site: same-origin`), the answer also keeps ' +
          '`clickToJoinToken` in the HttpOnly `coparent_credentials` cookie for the join pages ' +
          '(`Path=/app/join`), so /credentials can be written by the server; an API client gets none.',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: PaymentHeadersSchema,
        body: PaymentRequestSchema,
        response: {
          ...paymentResponses,
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!isValidIdempotencyKey(key)) throw new AppError('IDEMPOTENCY_KEY_MISSING');
      reply.header('cache-control', 'no-store');
      const answer = await service.pay(
        request.params.signupId,
        request.headers['x-registration-key'],
        key,
        request.body,
        { locale: requestLocale(request) },
      );
      // The app's own page: /credentials is then written by the server for this browser too.
      const kept = paidHereCookie(request, answer.clickToJoinToken, { secure: secureCookies });
      if (kept) reply.header('set-cookie', kept);
      return answer;
    },
  );

  app.get(
    '/signups/:signupId/receipt',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The receipt of a paid signup (the browser’s reload case)',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        response: { 200: ReceiptSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.receipt(request.params.signupId, request.headers['x-registration-key']);
    },
  );

  app.get(
    '/signups/:signupId/receipt/pdf',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The receipt of a paid signup as a PDF (the receipt page’s download)',
        description:
          'Authorised as GET /v2/signups/{signupId}/receipt: the registration key (the header, ' +
          'or the browser’s signup cookie for this very signup), else 403; 404 ' +
          'RECEIPT_NOT_FOUND before a completed payment. The items of the receipt email, the ' +
          'order number and Parent A’s name, in the `lang` language.',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        querystring: ReceiptPdfQuerySchema,
        headers: RegistrationKeyHeadersSchema,
        response: { 200: ReceiptPdfResponse, 403: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const pdf = await service.receiptPdf(
        request.params.signupId,
        request.headers['x-registration-key'],
        receiptPdfLocale(request, request.query.lang),
      );
      return sendReceiptPdf(reply, pdf);
    },
  );
};
