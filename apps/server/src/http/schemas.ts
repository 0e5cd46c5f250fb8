import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** RFC 9457 problem document (`application/problem+json`). */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(ERROR_CODES),
    requestId: z
      .string()
      .describe(
        'The id of the request that got this answer, as in the X-Request-Id header: quote it ' +
          'when reporting the problem (it finds the request in the logs)',
      ),
  })
  .meta({ id: 'Problem' });

/**
 * The headers every localised call reads. A loose object: Fastify replaces `request.headers`
 * with the parsed value, so unknown headers must be kept.
 */
export const LocaleHeadersSchema = z.looseObject({
  language: z
    .string()
    .optional()
    .describe('Locale for texts (en, es-MX); wins over Accept-Language'),
  'accept-language': z.string().optional(),
});
