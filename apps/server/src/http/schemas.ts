import {
  PaymentConflictProblemSchema,
  PaymentDeclinedProblemSchema,
  PaymentResponseSchema,
  PaymentUnavailableProblemSchema,
  ValidationErrorsResponseSchema,
} from '@coparent/domain';
import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';

/** The member every problem document carries (error-handler.ts `sendProblem`). */
const requestIdMember = {
  requestId: z
    .string()
    .describe(
      'The id of the request that got this answer, as in the X-Request-Id header: quote it ' +
        'when reporting the problem (it finds the request in the logs)',
    ),
};

/** RFC 9457 problem document (`application/problem+json`). */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(ERROR_CODES),
    ...requestIdMember,
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .describe('Seconds to wait before trying again, as in the Retry-After header (some 429s)'),
  })
  .meta({ id: 'Problem' });

/** A route's error answers by status: 422 carries the field errors, any other a problem document. */
type ErrorResponses<S extends number> = {
  [K in S]: K extends 422 ? typeof ValidationErrorsResponseSchema : typeof ProblemSchema;
};

/** The error answers a route declares, e.g. `...errorResponses(401, 422, 429)`. */
export function errorResponses<const S extends number>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      status === 422 ? ValidationErrorsResponseSchema : ProblemSchema,
    ]),
  ) as ErrorResponses<S>;
}

/**
 * The domain's payment problems (their extra members), as the server answers them: with the
 * request id too. A response schema is also the serializer, which drops members it does not
 * name, so the answers and the published contract both carry it.
 */
export const PaymentDeclinedProblem = PaymentDeclinedProblemSchema.extend(requestIdMember);
export const PaymentConflictProblem = PaymentConflictProblemSchema.extend(requestIdMember);
export const PaymentUnavailableProblem = PaymentUnavailableProblemSchema.extend(requestIdMember);

/** What a payment call (Parent A's or the invited co-parent's) answers: the payment, or why not. */
export const paymentResponses = {
  200: PaymentResponseSchema,
  402: PaymentDeclinedProblem,
  409: PaymentConflictProblem,
  422: z.union([ValidationErrorsResponseSchema, ProblemSchema]),
  503: PaymentUnavailableProblem,
};

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

/** The path parameter of every call about one signup. */
export const SignupParamsSchema = z.object({
  signupId: z.string().max(64).describe('The signup id (a UUID) from POST /v2/signups'),
});

/** The headers of every call a signup's owner makes: its registration key proves it is theirs. */
export const RegistrationKeyHeadersSchema = LocaleHeadersSchema.extend({
  'x-registration-key': z
    .string()
    .optional()
    .describe('The registrationKey from POST /v2/signups (a missing or wrong key is 403)'),
  'x-referrer-key': z
    .string()
    .optional()
    .describe(
      'Referrer key of a discount link: on the FAMILY save, a known key attaches its discount ' +
        'to the signup; an unknown one is ignored',
    ),
});
