import {
  CreateProfessionalRequestSchema,
  CreateProfessionalResponseSchema,
  ProfessionalLookupsResponseSchema,
  ProValidatorRequestSchema,
  ProValidatorResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import { CountryParamsSchema, countryLookupRoutes } from '../lookups/country-routes.js';
import { OptionsSchema } from '../lookups/service.js';
import { sendStaticJson } from '../lookups/static-json.js';
import { professionalLookupsJson, professionalRolesJson } from './lookups.js';
import type { ProfessionalService } from './service.js';

export type ProfessionalRoutesOptions = {
  service: ProfessionalService;
  /** Per client IP: POST /users. */
  createRateLimit: RouteRateLimit;
  /** Per client IP: POST /users/validator. */
  validateRateLimit: RouteRateLimit;
};

/** Analytics context the /pro page sends with each step check; logged at debug, never stored. */
const ValidatorHeadersSchema = LocaleHeadersSchema.extend({
  'x-anonymous-id': z.string().optional().describe('The visitor’s analytics anonymous id'),
  'x-activity-start': z
    .string()
    .optional()
    .describe('When the visitor started the form (ISO 8601 or epoch milliseconds)'),
});

/** Header values are logged bounded: they come from the visitor. */
const forLog = (value: string | undefined) => value?.slice(0, 100);

export const professionalRoutes: FastifyPluginAsyncZod<ProfessionalRoutesOptions> = async (
  app,
  { service, createRateLimit, validateRateLimit },
) => {
  // The lookups are static: serialised once, sent with an ETag and a public Cache-Control.

  app.post(
    '/users/validator',
    {
      config: { rateLimit: validateRateLimit },
      schema: {
        tags: ['professional'],
        summary: 'Validate one step of the professional registration',
        description:
          'Body `{ step: 1 | 2 | 3, values }`, where `values` holds that step’s fields ' +
          '(step 1: title, firstName, lastName, credentials, email, phoneCountryCode, ' +
          'phoneNumber, phoneExtension, hearAboutUs, referralBenchOfficerName, ' +
          'referralBenchOfficerPosition, referralColleagueName, referralColleagueRole, ' +
          'referralOther; step 2: practiceName, addressLine1, addressLine2, country, city, ' +
          'region, postalCode, timezone, roles; step 3: securityQuestion, securityAnswer, ' +
          'securityCode, securityCodeConfirm). Valid: 200 `{ valid: true }`. Invalid values: ' +
          '**409** `{ validationErrors: [{ field, text }] }` (the spec fixes 409), texts in the ' +
          '`language`. Step 1 also refuses an email that has an account; step 2 roles must be ' +
          'in the country’s list. A body without a valid `step` or `values` object is 422.',
        headers: ValidatorHeadersSchema,
        body: ProValidatorRequestSchema,
        response: {
          200: ProValidatorResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(422, 429),
        },
      },
    },
    async (request) => {
      const { step, values } = request.body;
      request.log.debug(
        {
          step,
          anonymousId: forLog(request.headers['x-anonymous-id']),
          activityStart: forLog(request.headers['x-activity-start']),
        },
        'validating a professional registration step',
      );
      return service.validateStep(step, values, { locale: requestLocale(request) });
    },
  );

  app.post(
    '/users',
    {
      config: { rateLimit: createRateLimit },
      schema: {
        tags: ['professional'],
        summary: 'Create a professional (all three steps’ fields, flat)',
        description:
          'Re-validates the three steps: invalid fields are 422 `{ validationErrors }` (like every ' +
          'request schema of the API). An email that has an account is 409 `{ validationErrors: ' +
          '[{ field: "email", text }] }`. 201 answers the created user for the success page. ' +
          'The welcome email is queued in the same transaction. Outside production a practice ' +
          'name of exactly `FAIL ON CREATE` answers 503 `PROFESSIONAL_CREATE_FAILED` (browser ' +
          'test hook; `FAIL ONCE ON CREATE` fails only the first attempt per email).',
        headers: LocaleHeadersSchema,
        body: CreateProfessionalRequestSchema,
        response: {
          201: CreateProfessionalResponseSchema,
          409: ValidationErrorsResponseSchema,
          ...errorResponses(422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, { locale: requestLocale(request) });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/lookups',
    {
      schema: {
        tags: ['professional'],
        summary: 'Option lists of the professional registration, localised',
        headers: LocaleHeadersSchema,
        response: { 200: ProfessionalLookupsResponseSchema },
      },
    },
    async (request, reply) =>
      sendStaticJson(request, reply, professionalLookupsJson(requestLocale(request))),
  );

  await app.register(countryLookupRoutes, { prefix: '/lookups/countries', tag: 'professional' });

  app.get(
    '/lookups/countries/:id/roles',
    {
      schema: {
        tags: ['professional'],
        summary: 'The professional roles offered in a country (the default list elsewhere)',
        headers: LocaleHeadersSchema,
        params: CountryParamsSchema,
        response: { 200: OptionsSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) =>
      sendStaticJson(
        request,
        reply,
        professionalRolesJson(request.params.id, requestLocale(request)),
      ),
  );
};
