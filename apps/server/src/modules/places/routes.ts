import {
  PlaceAddressSchema,
  PlaceDetailsParamsSchema,
  PlaceDetailsQuerySchema,
  PlacesStatusResponseSchema,
  PlacesSuggestionsQuerySchema,
  PlacesSuggestionsResponseSchema,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/locale.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses, LocaleHeadersSchema } from '../../http/schemas.js';
import type { PlacesService } from './service.js';

export type PlacesRoutesOptions = {
  service: PlacesService;
  /** Suggestions and details per client IP (each is a paid provider call). */
  placesRateLimit: RouteRateLimit;
};

/** Address autocomplete for the billing forms (a proxy: the provider's key stays here); under /v2. */
export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const rateLimit = opts.placesRateLimit;

  app.get(
    '/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Are address suggestions offered, and in which countries?',
        response: { 200: PlacesStatusResponseSchema },
      },
    },
    async () => service.status(),
  );

  app.get(
    '/places/suggestions',
    {
      config: { rateLimit },
      schema: {
        tags: ['places'],
        summary: 'Up to 5 address suggestions for what was typed, in one country',
        description:
          '`country` is one of us, gb, au, ca, nz (any case), otherwise 422 at `country`; `input` ' +
          '3–100 characters; `sessionToken` (a UUID the browser makes per search) groups the ' +
          'keystrokes and the pick. Without a provider: 200 `{ enabled: false, suggestions: [] }`. ' +
          '503 PLACES_UNAVAILABLE when the provider fails.',
        headers: LocaleHeadersSchema,
        querystring: PlacesSuggestionsQuerySchema,
        response: {
          200: PlacesSuggestionsResponseSchema,
          ...errorResponses(422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.suggest(request.query, requestLocale(request));
    },
  );

  app.get(
    '/places/:placeId',
    {
      config: { rateLimit },
      schema: {
        tags: ['places'],
        summary: "A suggestion's billing address (line 1, city, region code, postal code, country)",
        description:
          'Ends the search session of `sessionToken`. 404 NOT_FOUND for an unknown place or ' +
          'without a provider; 503 PLACES_UNAVAILABLE when the provider fails.',
        headers: LocaleHeadersSchema,
        params: PlaceDetailsParamsSchema,
        querystring: PlaceDetailsQuerySchema,
        response: {
          200: PlaceAddressSchema,
          ...errorResponses(404, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.details(
        request.params.placeId,
        request.query.sessionToken,
        requestLocale(request),
      );
    },
  );
};
