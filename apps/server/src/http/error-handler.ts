import { zodIssuesToValidationErrors } from '@coparent/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AppErrorCode,
  FieldValidationError,
  isAppError,
  PROBLEM_CONTENT_TYPE,
  type ProblemExtras,
  problemFor,
} from '../errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableCause } from './database-unavailable.js';
import { requestLocale } from './locale.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { isRequestValidationError } from './validation.js';

/** Fastify's own error codes that mean "the client sent something we cannot read". */
const FASTIFY_CODES: Record<string, AppErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

const STATUS_CODES: Record<number, AppErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * Answers a problem document. It names the request (`requestId`, also in `X-Request-Id`), so
 * the person or client holding the answer can point at the request's log lines.
 */
export function sendProblem(
  reply: FastifyReply,
  code: AppErrorCode,
  extras?: ProblemExtras,
): FastifyReply {
  const requestId = reply.request.id;
  const problem = { ...problemFor(code, extras), requestId };
  if (extras?.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(extras.retryAfterSeconds));
  }
  return reply
    .status(problem.status)
    .header(REQUEST_ID_HEADER, requestId)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problem);
}

function codeForClientError(error: FastifyError): AppErrorCode | undefined {
  const byCode = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (byCode) return byCode;
  // JSON.parse failures surface as SyntaxError with status 400 in some Fastify paths.
  if (error instanceof SyntaxError && error.statusCode === 400) return 'MALFORMED_JSON';
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return STATUS_CODES[status] ?? 'BAD_REQUEST';
  }
  return undefined;
}

/** The one error handler: every error the API answers takes its shape here. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isRequestValidationError(error)) {
    const validationErrors = zodIssuesToValidationErrors(error.issues, requestLocale(request));
    return reply.status(422).send({ validationErrors });
  }
  if (error instanceof FieldValidationError) {
    return reply.status(error.status).send({ validationErrors: error.validationErrors });
  }
  if (isAppError(error)) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, error.code, error.extras);
  }
  const databaseCause = databaseUnavailableCause(error);
  if (databaseCause) {
    // Nothing was committed (a transaction either commits or not): the same request can be
    // sent again once the database is back. The driver's error only: Drizzle's wrapper carries
    // the query's parameters (emails, hashes).
    request.log.error({ err: databaseCause }, 'database unavailable');
    return sendProblem(reply, 'DATABASE_UNAVAILABLE', {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  const clientCode = codeForClientError(error);
  if (clientCode) {
    // Not error.message: a JSON parse error quotes the body (a password), a bad URL its path.
    request.log.info({ code: error.code, status: error.statusCode }, `refused: ${clientCode}`);
    return sendProblem(reply, clientCode);
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendProblem(reply, error.statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, 'NOT_FOUND'));
}
