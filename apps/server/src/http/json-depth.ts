import { translateMessage } from '@coparent/domain';
import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from '../errors.js';
import { requestLocale } from './locale.js';

/**
 * How deeply arrays and objects may nest in a JSON body. The deepest real body (an analytics
 * batch: batch → event → properties, five levels inside) is under 10; anything deeper is hostile,
 * and would make every recursive walk of the parsed body (validation, the NUL check) overflow the
 * stack: 8,000 `[` fit in 16 KB.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Does `text` open more than `maxDepth` arrays or objects inside each other? One pass over the
 * characters, no recursion, strings skipped (a `[` inside a string is text). Malformed JSON is
 * left for the parser to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if ((char === 0x5d /* ] */ || char === 0x7d) /* } */ && depth > 0) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), behind a depth check of the
 * raw text: a body nested deeper than JSON_MAX_DEPTH is a 422 at `body` in the request's
 * language, before anything parses or walks it.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text, JSON_MAX_DEPTH)) {
      done(
        new FieldValidationError([
          {
            field: 'body',
            text: translateMessage('invalidValue', requestLocale(request)),
            type: 'ERROR',
          },
        ]),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}
