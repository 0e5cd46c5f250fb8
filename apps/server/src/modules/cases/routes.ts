import {
  CreateCaseRequestSchema,
  CreateCaseResponseSchema,
  ListCasesResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import type { SessionAuth } from '../session/session-auth.js';
import type { CasesService } from './service.js';

export type CasesRoutesOptions = {
  service: CasesService;
  auth: SessionAuth;
  /** Per client IP: POST /account/cases (each case sends up to two emails). */
  createRateLimit: RouteRateLimit;
};

/** A professional's cases (My Cases); registered under /v2. */
export const casesRoutes: FastifyPluginAsyncZod<CasesRoutesOptions> = async (app, opts) => {
  const { service, auth } = opts;

  // The session (401) first, then the account kind (403), both before the body is validated.
  const requireProfessional = async (request: Parameters<SessionAuth['sessionOf']>[0]) => {
    await service.requireProfessional(auth.sessionOf(request).userId);
  };

  app.post(
    '/account/cases',
    {
      onRequest: auth.requireSession,
      preValidation: requireProfessional,
      config: { rateLimit: opts.createRateLimit },
      schema: {
        tags: ['account'],
        summary: 'Open a case: invite a family (professionals only)',
        description:
          'Body `{ parent1, parent2: { firstName, lastName, email?, phoneCountryCode?, ' +
          'phoneNumber? }, children: [{ firstName, lastName }] }`; at least one parent email and ' +
          'one child. Creates the family, the parents as INVITED users created by the ' +
          'professional, and emails each parent with an email an invitation link ' +
          '(`/app/join/invite?token=…`) in the `language`. 422 `{ validationErrors }` localised ' +
          '(an email that has an account: `parentN.email`). 403 `PROFESSIONAL_REQUIRED` for a ' +
          'parent account.',
        headers: LocaleHeadersSchema,
        body: CreateCaseRequestSchema,
        response: {
          201: CreateCaseResponseSchema,
          ...errorResponses(401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { response } = await service.create(auth.sessionOf(request).userId, request.body, {
        locale: requestLocale(request),
      });
      return reply.status(201).send(response);
    },
  );

  app.get(
    '/account/cases',
    {
      onRequest: auth.requireSession,
      preValidation: requireProfessional,
      schema: {
        tags: ['account'],
        summary: "The professional's cases, newest first (professionals only)",
        description:
          "Each case: the parents' names, emails and status (INVITED, JOINED = has a username " +
          'and password, NOT_INVITED = no email given), the number of children, when it was ' +
          'opened. 403 `PROFESSIONAL_REQUIRED` for a parent account.',
        response: { 200: ListCasesResponseSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(auth.sessionOf(request).userId);
    },
  );
};
