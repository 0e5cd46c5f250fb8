import {
  CreateSignupRequestSchema,
  CreateSignupResponseSchema,
  SignupStateSchema,
  type UpdateSignupRequest,
  UpdateSignupRequestSchema,
  UpdateSignupResponseSchema,
} from '@coparent/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import {
  errorResponses,
  LocaleHeadersSchema,
  RegistrationKeyHeadersSchema,
  SignupParamsSchema,
} from '../../http/schemas.js';
import type { SignupService } from './service.js';
import { readCookieSignup, signupCookie } from './signup-cookie.js';
import { signupSavedCookie } from './signup-saved-cookie.js';

export type SignupRoutesOptions = {
  service: SignupService;
  /** Rate limit of POST /v2/signups per client IP. */
  createRateLimit: RouteRateLimit;
  /** The signup cookie's attributes: Secure on an https deployment. */
  cookie: { secure: boolean };
};

const isPackageSave = (body: UpdateSignupRequest): boolean =>
  !('address' in body) && body.sections[0] === 'PACKAGE';

export const signupRoutes: FastifyPluginAsyncZod<SignupRoutesOptions> = async (
  app,
  { service, createRateLimit, cookie },
) => {
  /** A browser's save: its step pages are written with the signup for an hour from now. */
  const markSaved = (request: FastifyRequest, reply: FastifyReply) => {
    const saved = signupSavedCookie(request, cookie);
    if (saved) reply.header('set-cookie', saved);
  };

  app.post(
    '/',
    {
      config: { rateLimit: createRateLimit },
      schema: {
        tags: ['signup'],
        summary: 'Create a signup (sections NAME or PARENT)',
        description:
          'A parent email that already has an account answers 422 with the `parentDuplicate` ' +
          'field (type DUPLICATE) unless `parentDuplicateConfirmed` is true. The answer also ' +
          'sets the HttpOnly `coparent_signup` cookie: a browser sends it instead of the ' +
          '`X-Registration-Key` header on the calls about this signup. A call from the ' +
          "app's own page (Sec-Fetch-Site: same-origin) also gets `coparent_signup_saved` " +
          '(an hour, renewed by each save): the server then writes the step pages with the signup.',
        headers: LocaleHeadersSchema,
        body: CreateSignupRequestSchema,
        response: {
          201: CreateSignupResponseSchema,
          ...errorResponses(422, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, { locale: requestLocale(request) });
      // A browser keeps the key where its scripts cannot read it (signup-cookie.ts).
      reply.header('set-cookie', signupCookie(created, cookie));
      markSaved(request, reply);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/current',
    {
      schema: {
        tags: ['signup'],
        summary: "Read the signup this browser's cookie names",
        description:
          'For a browser whose step 1 was posted as a form before the app ran: the app has no ' +
          'copy of the signup, and finds it from the HttpOnly `coparent_signup` cookie. 204 when ' +
          'the cookie names no signup the server still has (expired, purged, another key).',
        response: { 200: SignupStateSchema, 204: z.null().describe('No signup') },
      },
    },
    async (request, reply) => {
      const signup = await readCookieSignup(service, request);
      return signup ?? reply.status(204).send(null);
    },
  );

  app.get(
    '/:signupId',
    {
      schema: {
        tags: ['signup'],
        summary: 'Read a signup',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        response: { 200: SignupStateSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => service.get(request.params.signupId, request.headers['x-registration-key']),
  );

  app.patch(
    '/:signupId',
    {
      schema: {
        tags: ['signup'],
        summary: 'Save a section of a signup (PARENT, FAMILY, PACKAGE, or the billing)',
        description:
          'Answers 200 `{ validationErrors: [] }`, or with a non-blocking `coParentDuplicate` ' +
          'warning (type DUPLICATE) when the co-parent email has an account. 422 saves nothing. ' +
          'FAMILY before PARENT, or PACKAGE before FAMILY, is 409 SECTION_OUT_OF_ORDER. PACKAGE ' +
          'sets lastCompletedStep 3, or 2 for a build-your-own package without its values; a ' +
          'confirmed duplicate parent choosing a package outside P0 is 409 DUPLICATE_PARENT. ' +
          'The billing save (sections PARENT + ADDRESS [+ REFERRAL], from step 3) answers ' +
          '`consentRequired` (billing country not US). A paid signup is 409 ALREADY_PAID. ' +
          'PACKAGE also answers `signup` (as GET reads it after the save) and `pricing`: the ' +
          "saved order priced by the parent's phone, without codes and not for the co-parent " +
          "(the payment page's first pricing body when no code was applied), or null " +
          "(build-your-own values pending, or that body refused). A save from the app's own page " +
          'renews the `coparent_signup_saved` cookie (see the create).',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        body: UpdateSignupRequestSchema,
        response: {
          200: UpdateSignupResponseSchema,
          ...errorResponses(403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { signupId } = request.params;
      const registrationKey = request.headers['x-registration-key'];
      const locale = requestLocale(request);
      const answer = await service.update(signupId, registrationKey, request.body, {
        locale,
        referrerKey: request.headers['x-referrer-key'],
      });
      markSaved(request, reply);
      if (!isPackageSave(request.body)) return answer;
      // What /payment reads first, answered now: one round trip per step.
      return {
        ...answer,
        ...(await service.packageSaveAnswer(signupId, registrationKey, { locale })),
      };
    },
  );
};
