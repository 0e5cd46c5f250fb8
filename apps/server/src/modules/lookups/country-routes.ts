import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.js';
import { LocaleHeadersSchema, ProblemSchema } from '../../http/schemas.js';
import { countryLookupMemos, OptionsSchema } from './service.js';
import { sendStaticJson } from './static-json.js';

export const CountryParamsSchema = z.object({
  id: z.string().max(8).describe('ISO 3166-1 alpha-2 country id (any case)'),
});

const TimeZonesQuerySchema = z.object({
  region: z.string().max(8).optional().describe('Region id (US and CA narrow the list by it)'),
});

export type CountryLookupRoutesOptions = { tag: string };

/**
 * `/:id/regions` and `/:id/timezones` under the prefix they are registered with: the join's
 * `/v2/lookups/countries` and the professional's `/v2/professional/lookups/countries` answer the
 * same lists (static, with an ETag and `Cache-Control`).
 */
export const countryLookupRoutes: FastifyPluginAsyncZod<CountryLookupRoutesOptions> = async (
  app,
  { tag },
) => {
  const countries = countryLookupMemos();

  app.get(
    '/:id/regions',
    {
      schema: {
        tags: [tag],
        summary: "A country's regions (states, provinces…); [] when it has none",
        headers: LocaleHeadersSchema,
        params: CountryParamsSchema,
        response: { 200: OptionsSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) =>
      sendStaticJson(request, reply, countries.regions(request.params.id, requestLocale(request))),
  );

  app.get(
    '/:id/timezones',
    {
      schema: {
        tags: [tag],
        summary: "A country's time zones (IANA ids), by region for US and CA",
        headers: LocaleHeadersSchema,
        params: CountryParamsSchema,
        querystring: TimeZonesQuerySchema,
        response: { 200: OptionsSchema, 404: ProblemSchema },
      },
    },
    async (request, reply) =>
      sendStaticJson(
        request,
        reply,
        countries.timeZones(request.params.id, request.query.region, requestLocale(request)),
      ),
  );
};
