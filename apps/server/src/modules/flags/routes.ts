import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleError } from '../../http/error-handler.js';
import { matchesEtag } from '../../http/etag.js';
import { isRequestValidationError } from '../../http/validation.js';
import { EvaluationRequestSchema } from './context.js';
import { etagOf, type FlagService } from './service.js';

export type FlagRoutesOptions = { service: FlagService };

// OFREP (https://openfeature.dev/specification/appendix-c): the answers and errors take the
// protocol's shapes, not this API's problem+json, so any OpenFeature OFREP provider can read them.
const MetadataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const FlagSuccessSchema = z.object({
  key: z.string(),
  value: z.union([z.string(), z.boolean()]),
  reason: z.string(),
  variant: z.string().optional(),
  metadata: MetadataSchema,
});
const FlagFailureSchema = z.object({
  key: z.string(),
  errorCode: z.string(),
  errorDetails: z.string(),
  metadata: MetadataSchema.optional(),
});
const BulkSuccessSchema = z.object({
  flags: z.array(z.union([FlagSuccessSchema, FlagFailureSchema])),
});
const BulkFailureSchema = z.object({ errorCode: z.string(), errorDetails: z.string() });
const KeyParamsSchema = z.object({ key: z.string() });

/** A body that is not JSON or not a valid context: 400 INVALID_CONTEXT (the OFREP error shape). */
function isBadRequestBody(error: FastifyError): boolean {
  return (
    isRequestValidationError(error) ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && error.statusCode === 400)
  );
}

function invalidContextDetails(error: FastifyError): string {
  if (!isRequestValidationError(error)) return 'the request body is not JSON';
  const issue = error.issues[0];
  return issue
    ? `${['context', ...issue.path.slice(1)].join('.')}: ${issue.message}`
    : error.message;
}

/**
 * The bulk answer serialised once, when it is the same for every context: the bytes the route's
 * serializer would make, and the ETag of the answer as the route computes it per request.
 */
function constantBulk(service: FlagService): { body: string; etag: string } | undefined {
  const flags = service.constantAnswer;
  if (!flags) return undefined;
  return {
    body: JSON.stringify(BulkSuccessSchema.encode({ flags })),
    etag: etagOf({ flags }),
  };
}

/** A string with a JSON content type is sent as is: Fastify skips the route's serializer. */
function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export const flagRoutes: FastifyPluginAsyncZod<FlagRoutesOptions> = async (app, { service }) => {
  const constant = constantBulk(service);

  // Encapsulated: only these routes answer errors in the OFREP shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!isBadRequestBody(error)) return handleError(error, request, reply);
    const details = invalidContextDetails(error);
    // The single call's 400 names the flag (its schema requires `key`, even an empty one).
    if (request.routeOptions.url?.endsWith('/:key')) {
      const key = (request.params as { key?: string } | undefined)?.key ?? '';
      return reply.status(400).send({ key, errorCode: 'INVALID_CONTEXT', errorDetails: details });
    }
    return reply.status(400).send({ errorCode: 'INVALID_CONTEXT', errorDetails: details });
  });

  app.post(
    '/ofrep/v1/evaluate/flags',
    {
      schema: {
        tags: ['flags'],
        summary: 'OFREP bulk evaluation: every flag and experiment for an evaluation context',
        description:
          'Answers 304 with no body when If-None-Match carries the ETag of the same answer.',
        body: EvaluationRequestSchema,
        response: { 200: BulkSuccessSchema, 304: z.null(), 400: BulkFailureSchema },
      },
    },
    async (request, reply) => {
      if (constant) {
        reply.header('etag', constant.etag).header('cache-control', 'no-cache');
        if (matchesEtag(request.headers['if-none-match'], constant.etag)) {
          return reply.status(304).send(null);
        }
        return sendJsonText(reply, constant.body);
      }
      const body = { flags: await service.evaluateAll(request.body.context) };
      const etag = etagOf(body);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send(null);
      }
      return body;
    },
  );

  app.post(
    '/ofrep/v1/evaluate/flags/:key',
    {
      schema: {
        tags: ['flags'],
        summary: 'OFREP single flag evaluation',
        params: KeyParamsSchema,
        body: EvaluationRequestSchema,
        response: { 200: FlagSuccessSchema, 400: FlagFailureSchema, 404: FlagFailureSchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const answer = await service.evaluate(key, request.body.context);
      if (!answer) {
        return reply.status(404).send({
          key,
          errorCode: 'FLAG_NOT_FOUND',
          errorDetails: `flag '${key}' not found`,
        });
      }
      if ('errorCode' in answer) return reply.status(400).send(answer);
      return answer;
    },
  );
};
