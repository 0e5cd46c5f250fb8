import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';

/**
 * A request (body, params, querystring or headers) that failed its zod schema. It keeps the raw
 * zod issues so the error handler can turn them into localised `validationErrors` with the
 * domain's `zodIssuesToValidationErrors`.
 */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly issues: $ZodIssue[];
  /** Fastify sets this to 'body', 'params', 'querystring' or 'headers'. */
  validationContext?: string;
  readonly statusCode = 422;

  constructor(issues: $ZodIssue[]) {
    super('The request does not match its schema');
    this.issues = issues;
  }
}

export function isRequestValidationError(error: unknown): error is RequestValidationError {
  return error instanceof RequestValidationError;
}

/**
 * Validator compiler for zod route schemas: like fastify-type-provider-zod's, but the error it
 * returns keeps the zod issues (theirs flattens them into Ajv-shaped objects).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues) };
  };
