import { translateMessage } from '@coparent/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldValidationError } from '../errors.js';
import { requestLocale } from './locale.js';

/** The path of the first string holding a NUL character, e.g. `address.line1`, or null. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found =
        findNulCharacter(key, path) ?? findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character: a value carrying one would fail at the query with a
 * 500. Every JSON body, query string and path parameter is checked once, before any route runs:
 * 422 at the field (`invalidValue`).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field =
      findNulCharacter(request.body ?? null) ??
      findNulCharacter(request.query ?? null) ??
      findNulCharacter(request.params ?? null);
    if (field === null) return;
    throw new FieldValidationError([
      {
        field: field || 'body',
        text: translateMessage('invalidValue', requestLocale(request)),
        type: 'ERROR',
      },
    ]);
  });
}
