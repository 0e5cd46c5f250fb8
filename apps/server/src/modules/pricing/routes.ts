import {
  CodeCheckRequestSchema,
  CodeCheckResponseSchema,
  CountryCheckRequestSchema,
  CountryCheckResponseSchema,
  CouponsQuerySchema,
  CouponsResponseSchema,
  PackagesQuerySchema,
  PackagesResponseSchema,
  PricingLookupQuerySchema,
  PricingLookupResponseSchema,
  PricingRequestSchema,
  PricingResponseSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import {
  errorResponses,
  LocaleHeadersSchema,
  ProblemSchema,
  RegistrationKeyHeadersSchema,
  SignupParamsSchema,
} from '../../http/schemas.js';
import type { PricingService } from './service.js';

export type PricingRoutesOptions = {
  service: PricingService;
  /** Rate limit of POST /v2/signups/{id}/pricing per client IP (subscription codes are guessed there). */
  priceRateLimit: RouteRateLimit;
};

const signupErrors = { 403: ProblemSchema, 404: ProblemSchema } as const;

/** The pricing calls: lookups, packages, and a signup's coupons, country check and price. */
export const pricingRoutes: FastifyPluginAsyncZod<PricingRoutesOptions> = async (
  app,
  { service, priceRateLimit },
) => {
  app.get(
    '/pricing',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The pricing group and package ids for a visitor',
        description:
          'A known `country` decides; without one, the phone (`countryCode` without the plus, ' +
          'and for +1 the area code of `phoneNumber`); else the default group (docs/pricing.md).',
        querystring: PricingLookupQuerySchema,
        response: { 200: PricingLookupResponseSchema },
      },
    },
    async (request) => service.lookup(request.query),
  );

  app.get(
    '/packages',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Packages, localised and priced for the visitor',
        description:
          'Amounts are integer minor units with `…Formatted` twins for the locale (language / ' +
          'Accept-Language) and country. Without `ids`, the packages of the country’s pricing ' +
          'group. Sorted by `sortOrder`.',
        headers: LocaleHeadersSchema,
        querystring: PackagesQuerySchema,
        response: { 200: PackagesResponseSchema, 422: ValidationErrorsResponseSchema },
      },
    },
    async (request) => {
      const ids = request.query.ids?.split(',').map((id) => Number(id.trim()));
      return service.listPackages(
        { ids, country: request.query.country },
        { locale: requestLocale(request) },
      );
    },
  );

  app.get(
    '/signups/:signupId/coupons',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Coupons available to a signup (banners on the package cards)',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        querystring: CouponsQuerySchema,
        response: { 200: CouponsResponseSchema, ...signupErrors },
      },
    },
    async (request) =>
      service.coupons(
        request.params.signupId,
        request.headers['x-registration-key'],
        request.query,
        { locale: requestLocale(request) },
      ),
  );

  app.post(
    '/signups/:signupId/country-check',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Does the package fit the country?',
        description:
          '200 with the country’s pricing group and packages when it does; 409 problem ' +
          '`COUNTRY_MISMATCH` when the package’s group or currency does not fit.',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        body: CountryCheckRequestSchema,
        response: {
          200: CountryCheckResponseSchema,
          ...signupErrors,
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) =>
      service.countryCheck(
        request.params.signupId,
        request.headers['x-registration-key'],
        request.body,
        { locale: requestLocale(request) },
      ),
  );

  app.post(
    '/signups/:signupId/codes/check',
    {
      config: { rateLimit: priceRateLimit },
      schema: {
        tags: ['pricing'],
        summary: 'Check a subscription code against every package the signup is offered',
        description:
          'One call for one code: 200 with the packages it pays for and what it covers of each ' +
          '(`isFullyCovered` when nothing is left to pay); 422 `{ validationErrors }` at `code` ' +
          "saying why it pays for none, in the request's language: unknown, already used, " +
          'expired, for another country or currency, or for other packages (named).',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        body: CodeCheckRequestSchema,
        response: {
          200: CodeCheckResponseSchema,
          ...signupErrors,
          ...errorResponses(422, 429),
        },
      },
    },
    async (request) =>
      service.checkCode(
        request.params.signupId,
        request.headers['x-registration-key'],
        request.body,
        { locale: requestLocale(request) },
      ),
  );

  app.post(
    '/signups/:signupId/pricing',
    {
      config: { rateLimit: priceRateLimit },
      schema: {
        tags: ['pricing'],
        summary: 'Price an order (the spec’s Pricing info), computed from the catalog',
        description:
          'Amounts in the body are never read. An invalid promo code is not applied (the ' +
          'browser flags it with `isInvalidPromo`); a subscription code that cannot pay for the ' +
          "order is 422 at `paymentCodes.N` with its reason and the reason's message `key` " +
          '(`code_unknown_error`, `code_repeated_error`, `code_used_error`, `code_expired_error`, ' +
          '`code_otherCountry_error`, `code_otherPackageChosen_error`); a package not sold in the billing country ' +
          'is 409 `COUNTRY_MISMATCH`.',
        security: [{ registrationKey: [] }],
        params: SignupParamsSchema,
        headers: RegistrationKeyHeadersSchema,
        body: PricingRequestSchema,
        response: {
          200: PricingResponseSchema,
          ...signupErrors,
          ...errorResponses(409, 422, 429),
        },
      },
    },
    async (request) =>
      service.price(request.params.signupId, request.headers['x-registration-key'], request.body, {
        locale: requestLocale(request),
      }),
  );
};
