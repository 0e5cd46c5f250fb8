import { translateMessage } from '@coparent/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldValidationError } from '../errors.js';
import { requestLocale } from './locale.js';

/**
 * Whether any string or key inside `value` holds a NUL character: the walk every request pays,
 * without the paths (`findNulCharacter` names the field only when there is one).
 */
export function hasNulCharacter(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (key.includes('\u0000')) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path of the first string holding a NUL character, e.g. `address.line1`, or null. A key
 * holding one names its object's path. Walked with a stack, not recursion: the body's depth is
 * bounded when it is parsed, but the query and parameters are walked here too.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const child = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    if (!Array.isArray(current) && entries.some(([key]) => key.includes('\u0000'))) return path;
    // Pushed last to first, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      stack.push({ value: item, path: child(path, key) });
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
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const { body, query, params } = request;
    if (!hasNulCharacter(body) && !hasNulCharacter(query) && !hasNulCharacter(params)) {
      done();
      return;
    }
    const field =
      findNulCharacter(body ?? null) ?? findNulCharacter(query ?? null) ?? findNulCharacter(params);
    done(
      new FieldValidationError([
        {
          field: field || 'body',
          text: translateMessage('invalidValue', requestLocale(request)),
          type: 'ERROR',
        },
      ]),
    );
  });
}
