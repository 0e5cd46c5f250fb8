import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { matchesEtag } from '../../http/etag.js';

/**
 * Answers of the lookup calls, serialised once. Their tables are static (packages/domain), so
 * each localised answer is encoded with its response schema and stringified once — the same
 * bytes the zod serializer would make on every request — and served as a string, with an ETag
 * and a public Cache-Control (docs/web.md, "Lookups").
 */

/**
 * A response body serialised once: the JSON as UTF-8 bytes (a string would be encoded again on
 * every write, the largest cost of a lookup call) and its entity tag.
 */
export type StaticJson = { readonly body: Buffer; readonly etag: string };

/** Browsers and shared caches may reuse an answer for an hour: the tables change with a deploy. */
export const STATIC_JSON_CACHE_CONTROL = 'public, max-age=3600';

/** The answer depends on the language headers (requestLocale), so caches must key on them. */
const VARY = 'language, accept-language';

/** Entries a memo keeps; beyond that it still answers, without keeping (keys come from visitors). */
const MAX_ENTRIES = 2_000;

export function staticJson<S extends z.ZodType>(schema: S, value: z.output<S>): StaticJson {
  // What fastify-type-provider-zod's serializer does per request: encode, then stringify.
  const body = Buffer.from(JSON.stringify(schema.encode(value)), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

/**
 * `get(key, build)`: the answer serialised for `key` (built on first use). Callers key only on
 * bounded values (a locale, a known country); the cap guards against a mistake.
 */
export function staticJsonMemo<S extends z.ZodType>(schema: S) {
  const entries = new Map<string, StaticJson>();
  return function get(key: string, build: () => z.output<S>): StaticJson {
    const hit = entries.get(key);
    if (hit) return hit;
    const json = staticJson(schema, build());
    if (entries.size < MAX_ENTRIES) entries.set(key, json);
    return json;
  };
}

/** Sends the serialised answer (no serializer runs), or 304 when the client already has it. */
export function sendStaticJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: StaticJson,
): FastifyReply {
  reply.header('cache-control', STATIC_JSON_CACHE_CONTROL);
  reply.header('etag', json.etag);
  reply.header('vary', VARY);
  if (matchesEtag(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
  // A buffer is sent as is: Fastify skips the route's serializer.
  return reply.type('application/json; charset=utf-8').send(json.body);
}
