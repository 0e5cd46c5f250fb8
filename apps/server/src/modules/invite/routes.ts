import {
  AgreedToTermsResponseSchema,
  CountryCheckRequestSchema,
  CountryCheckResponseSchema,
  INVITE_COMPLETED_MEMBER,
  InviteCredentialsTokenResponseSchema,
  InvitedContextSchema,
  InvitedPaymentRequestSchema,
  InvitedUserSchema,
  InvitePricingRequestSchema,
  InviteRequestResponseSchema,
  isValidIdempotencyKey,
  MarketingOptInRequestSchema,
  MarketingOptInResponseSchema,
  PricingResponseSchema,
  UpdateInvitedUserRequestSchema,
  UpdateInvitedUserResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import {
  errorResponses,
  LocaleHeadersSchema,
  ProblemSchema,
  paymentResponses,
} from '../../http/schemas.js';
import { bearerToken } from '../../security/tokens.js';
import { keepInviteToken } from './invite-cookie.js';
import type { InviteAuth, InviteService } from './service.js';

export type InviteRoutesOptions = {
  service: InviteService;
  /** The invite cookie's attributes: Secure on an https deployment. */
  cookie: { secure: boolean };
  requestRateLimit: RouteRateLimit;
  pricingRateLimit: RouteRateLimit;
  paymentRateLimit: RouteRateLimit;
  credentialsRateLimit: RouteRateLimit;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the invite token check (`requireInvite`) of the invited calls. */
    inviteAuth: InviteAuth | null;
  }
}

const InviteHeadersSchema = LocaleHeadersSchema.extend({
  authorization: z
    .string()
    .optional()
    .describe('Bearer <invite token> from the invitation link (/app/join/invite?token=…)'),
});

const PaymentHeadersSchema = InviteHeadersSchema.extend({
  'idempotency-key': z
    .string()
    .optional()
    .describe('One per payment attempt (8–128 visible ASCII characters)'),
});

/** Any string: a malformed id is simply not the token's user (403, never 422). */
const UserParamsSchema = z.object({ userId: z.string().max(200) });

const AuthProblems = { 403: ProblemSchema, 429: ProblemSchema } as const;

/** The token check's (and the new-link request's) refusal: a finished invite says so, no more. */
const InviteCheckProblemSchema = ProblemSchema.extend({
  [INVITE_COMPLETED_MEMBER]: z.literal(true).optional(),
});

/** The request's invite (the `requireInvite` hook ran). */
function auth(request: FastifyRequest): InviteAuth {
  if (!request.inviteAuth) throw new AppError('INVITE_INVALID');
  return request.inviteAuth;
}

/**
 * The invited co-parent's calls (docs/invite.md); registered under /v2. Every call
 * but the new-link request passes the invite token check first (before the body is validated):
 * 403 INVITE_INVALID, or 403 INVITE_USER_MISMATCH for another user's id in the path.
 */
/** What every call of the invited user on their own user id declares: the invite token, the id. */
const INVITED_USER_CALL = {
  tags: ['invite'],
  security: [{ inviteToken: [] }],
  headers: InviteHeadersSchema,
  params: UserParamsSchema,
};

export const inviteRoutes: FastifyPluginAsyncZod<InviteRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  app.decorateRequest('inviteAuth', null);

  /** The one invite token check: resolves the bearer token to its invite and user. */
  const checkInvite =
    (options: { sayCompleted: boolean }) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const resolved = await service.authenticate(
        bearerToken(request.headers.authorization),
        options,
      );
      const { userId } = (request.params ?? {}) as { userId?: string };
      if (userId !== undefined) service.assertUser(resolved, userId);
      request.inviteAuth = resolved;
      // A browser keeps the token where its scripts cannot read it (invite-cookie.ts).
      keepInviteToken(request, reply, opts.cookie);
    };
  const requireInvite = checkInvite({ sayCompleted: false });

  app.get(
    '/invites/current',
    {
      onRequest: checkInvite({ sayCompleted: true }),
      schema: {
        tags: ['invite'],
        summary: 'The invited context of the invite token',
        description:
          '403 INVITE_INVALID for a dead token; for any token of a user who has set credentials, ' +
          'the same problem with `inviteCompleted: true` and nothing else (log in instead).',
        security: [{ inviteToken: [] }],
        headers: InviteHeadersSchema,
        response: { 200: InvitedContextSchema, ...AuthProblems, 403: InviteCheckProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.context(auth(request));
    },
  );

  app.post(
    '/invites/request',
    {
      config: { rateLimit: opts.requestRateLimit },
      schema: {
        tags: ['invite'],
        summary: 'Email a new invite link (the bearer token may be expired or replaced)',
        description:
          '404 INVITE_REQUEST_FAILED (the spec’s status 111) for an unknown token, a user ' +
          'without an email or one who already has credentials (then with ' +
          '`inviteCompleted: true`); 429 RATE_LIMITED.',
        security: [{ inviteToken: [] }],
        headers: InviteHeadersSchema,
        response: {
          200: InviteRequestResponseSchema,
          404: InviteCheckProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (request) => service.requestNewLink(bearerToken(request.headers.authorization)),
  );

  app.get(
    '/users/:userId',
    {
      onRequest: requireInvite,
      schema: {
        ...INVITED_USER_CALL,
        summary: 'The invited parent as saved',
        response: { 200: InvitedUserSchema, ...AuthProblems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getUser(auth(request));
    },
  );

  app.patch(
    '/users/:userId',
    {
      onRequest: requireInvite,
      schema: {
        ...INVITED_USER_CALL,
        summary: 'Update the invited parent (PARENT, ADDRESS, REFERRAL, SECURITY_*, PACKAGE)',
        body: UpdateInvitedUserRequestSchema,
        response: {
          200: UpdateInvitedUserResponseSchema,
          422: ValidationErrorsResponseSchema,
          ...AuthProblems,
        },
      },
    },
    async (request) =>
      service.update(auth(request), request.body, { locale: requestLocale(request) }),
  );

  app.post(
    '/users/:userId/terms',
    {
      onRequest: requireInvite,
      schema: {
        ...INVITED_USER_CALL,
        summary: 'Mark the terms agreed',
        response: { 200: AgreedToTermsResponseSchema, ...AuthProblems },
      },
    },
    async (request) => service.agreeToTerms(auth(request)),
  );

  app.put(
    '/users/:userId/marketing-opt-in',
    {
      onRequest: requireInvite,
      schema: {
        ...INVITED_USER_CALL,
        summary: 'Marketing opt-in (body: true or false)',
        body: MarketingOptInRequestSchema,
        response: {
          200: MarketingOptInResponseSchema,
          422: ValidationErrorsResponseSchema,
          ...AuthProblems,
        },
      },
    },
    async (request) => service.setMarketingOptIn(auth(request), request.body),
  );

  app.post(
    '/users/:userId/pricing',
    {
      onRequest: requireInvite,
      config: { rateLimit: opts.pricingRateLimit },
      schema: {
        ...INVITED_USER_CALL,
        summary: 'Pricing info of an order for the invited user',
        body: InvitePricingRequestSchema,
        response: {
          200: PricingResponseSchema,
          ...AuthProblems,
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) =>
      service.price(auth(request), request.body, { locale: requestLocale(request) }),
  );

  app.post(
    '/users/:userId/country-check',
    {
      onRequest: requireInvite,
      schema: {
        ...INVITED_USER_CALL,
        summary: 'Country criteria check of a package for the invited user',
        body: CountryCheckRequestSchema,
        response: {
          200: CountryCheckResponseSchema,
          ...AuthProblems,
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) =>
      service.countryCheck(auth(request), request.body, { locale: requestLocale(request) }),
  );

  app.post(
    '/users/:userId/payment',
    {
      onRequest: requireInvite,
      config: { rateLimit: opts.paymentRateLimit },
      schema: {
        ...INVITED_USER_CALL,
        summary: 'The invited user pays for their own subscription (exactly once)',
        headers: PaymentHeadersSchema,
        body: InvitedPaymentRequestSchema,
        response: {
          ...paymentResponses,
          400: ProblemSchema,
          ...AuthProblems,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!isValidIdempotencyKey(key)) throw new AppError('IDEMPOTENCY_KEY_MISSING');
      reply.header('cache-control', 'no-store');
      return service.pay(auth(request), key, request.body, { locale: requestLocale(request) });
    },
  );

  app.post(
    '/users/:userId/credentials-token',
    {
      onRequest: requireInvite,
      config: { rateLimit: opts.credentialsRateLimit },
      schema: {
        ...INVITED_USER_CALL,
        summary: 'A single-use credentials token for POST /v2/credentials',
        response: {
          200: InviteCredentialsTokenResponseSchema,
          409: ProblemSchema,
          ...AuthProblems,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.credentialsToken(auth(request));
    },
  );
};
