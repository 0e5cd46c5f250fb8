import {
  AccountHomeSchema,
  AccountReceiptParamsSchema,
  AccountReceiptSchema,
  ResendCoParentEmailResponseSchema,
  ResendCoParentTextRequestSchema,
  ResendCoParentTextResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import { errorResponses, LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import {
  ReceiptPdfQuerySchema,
  ReceiptPdfResponse,
  receiptPdfLocale,
  sendReceiptPdf,
} from '../receipts/receipt-pdf-http.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { CoParentStatusService } from './coparent-status.js';
import type { CoParentTextService } from './coparent-text.js';
import type { AccountHomeService } from './service.js';

export type AccountHomeRoutesOptions = {
  service: AccountHomeService;
  coParentText: CoParentTextService;
  coParentStatus: CoParentStatusService;
  auth: SessionAuth;
};

/** The account home and the receipts; registered under /v2, behind the login session. */
export const accountHomeRoutes: FastifyPluginAsyncZod<AccountHomeRoutesOptions> = async (
  app,
  opts,
) => {
  const { service, coParentText, coParentStatus, auth } = opts;

  app.get(
    '/account/home',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'The account home: the user, the family, the subscription and the receipts',
        description:
          'Package names in the request’s language. A professional has `family` and ' +
          '`subscription` null. `coParentText` is Parent A’s co-parent invited by text who has ' +
          'not joined: `problem` says when the text did not reach them (NOT_DELIVERED, ' +
          'OPTED_OUT), `resendAvailableAt` when it can be sent again. `coParentStatus` is where ' +
          'Parent A’s co-parent stands: INVITED (when, by email and/or text), JOINED (when), ' +
          'NOT_REACHED (their invitation text did not reach them). 401 SESSION_REQUIRED ' +
          'without a live session.',
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

  app.get(
    '/account/receipts/:receiptId/pdf',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'One of the logged-in user’s receipts as a PDF',
        description:
          'The receipt email’s items, the order number and the account holder’s name, in the ' +
          '`lang` language. Any id that is not one of the session user’s receipts answers 404 ' +
          'RECEIPT_NOT_FOUND; 401 SESSION_REQUIRED without a live session.',
        params: AccountReceiptParamsSchema,
        querystring: ReceiptPdfQuerySchema,
        headers: LocaleHeadersSchema,
        response: { 200: ReceiptPdfResponse, 401: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const pdf = await service.receiptPdf(
        auth.sessionOf(request).userId,
        request.params.receiptId,
        receiptPdfLocale(request, request.query.lang),
      );
      return sendReceiptPdf(reply, pdf);
    },
  );

  app.post(
    '/account/coparent-invitation-text',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Text the co-parent’s invitation again, to the number as corrected',
        description:
          'Only the session’s Parent A, for their own family’s co-parent invited by text who ' +
          'has not joined. Stores the number, issues a new invitation link (earlier links stop ' +
          'working) and queues the text in Parent A’s language. Once a day per family: 409 ' +
          '`{ validationErrors }` at `form` with when it can be sent again; 409 too when there ' +
          'is no such invitation or the co-parent has joined. 422 at `phoneCountryCode` or ' +
          '`phoneNumber` (the signup’s phone rules: not Parent A’s own; or a number that replied ' +
          'STOP).',
        headers: LocaleHeadersSchema,
        body: ResendCoParentTextRequestSchema,
        response: {
          200: ResendCoParentTextResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId } = auth.sessionOf(request);
      return coParentText.resend(userId, request.body, requestLocale(request));
    },
  );

  app.post(
    '/account/coparent-invitation-email',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'Email the co-parent’s invitation again, with a new link',
        description:
          'Only the session’s Parent A, for their own family’s co-parent who has an email and ' +
          'has not joined. Issues a new invitation link (earlier links stop working) and emails ' +
          'it in the co-parent’s language, within the invite module’s new-link limits (one per ' +
          'interval, a few per hour, shared with the co-parent’s own requests). 409 ' +
          '`{ validationErrors }` at `form` when there is no such invitation, the co-parent has ' +
          'joined, or a link was sent too recently. 401 SESSION_REQUIRED without a live session.',
        headers: LocaleHeadersSchema,
        response: {
          200: ResendCoParentEmailResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId } = auth.sessionOf(request);
      return coParentStatus.resendByEmail(userId, requestLocale(request));
    },
  );
};
