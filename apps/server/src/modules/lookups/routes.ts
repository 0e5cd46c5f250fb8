import {
  BENCH_OFFICERS,
  COLLEAGUE_ROLES,
  COUNTRY_IDS,
  DEFAULT_COUNTRIES,
  PARENT_REFERRALS,
  PHONE_CODE_IDS,
  PRO_REFERRAL_SOURCES,
  TITLES,
} from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../http/locale.js';
import { LocaleHeadersSchema } from '../../http/schemas.js';
import { countryLookupRoutes } from './country-routes.js';
import { lookups } from './service.js';
import { sendStaticJson, staticJsonMemo } from './static-json.js';

/** `{ id, name }[]` with the name in the request's locale. */
function optionsOf<const T extends readonly [string, ...string[]]>(ids: T) {
  return z.array(z.object({ id: z.enum(ids), name: z.string() }));
}

export const LookupsResponseSchema = z.object({
  countries: optionsOf(COUNTRY_IDS),
  defaultCountries: z.array(z.enum(DEFAULT_COUNTRIES)),
  phoneCodes: z.array(
    z.object({ id: z.enum(PHONE_CODE_IDS), dialCode: z.string(), name: z.string() }),
  ),
  titles: optionsOf(TITLES),
  referralSources: optionsOf(PARENT_REFERRALS),
  proReferralSources: optionsOf(PRO_REFERRAL_SOURCES),
  benchOfficers: optionsOf(BENCH_OFFICERS),
  colleagueRoles: optionsOf(COLLEAGUE_ROLES),
});

/**
 * Every answer is static: serialised once per locale (and country), sent with an ETag and
 * `Cache-Control: public, max-age=3600` (304 on a matching If-None-Match).
 */
export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookupsJson = staticJsonMemo(LookupsResponseSchema);

  app.get(
    '/',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Option lists of the join funnel (countries, phone codes, enumerations)',
        headers: LocaleHeadersSchema,
        response: { 200: LookupsResponseSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      return sendStaticJson(
        request,
        reply,
        lookupsJson(locale, () => lookups(locale)),
      );
    },
  );

  await app.register(countryLookupRoutes, { prefix: '/countries', tag: 'lookups' });
};
