import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, uniqueEmail, useTestDatabase } from '../test/test-app.js';
import { exceedsJsonDepth, JSON_MAX_DEPTH } from './json-depth.js';

/** `levels` arrays (or objects) inside each other around `inner`. */
function nested(levels: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
}

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH, 'array'), JSON_MAX_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH + 1, 'array'), JSON_MAX_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH + 1, 'object'), JSON_MAX_DEPTH)).toBe(true);
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}],"c":{}}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":[1,{"b":[]}],"c":{}}', 3)).toBe(true);
    expect(exceedsJsonDepth(JSON.stringify({ text: '[[[[{{{{ \\" [[[' }), 1)).toBe(false);
    // Closing brackets first cannot buy depth for the openers after them.
    expect(exceedsJsonDepth(`[1]${']'.repeat(10)}[[`, 1)).toBe(true);
  });

  it('scans 8,000 levels without recursion', () => {
    expect(exceedsJsonDepth(nested(8000, 'array'), JSON_MAX_DEPTH)).toBe(true);
  });
});

describe('a deeply nested JSON body', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  const signupBody = (extra: string) =>
    `{"sections":["PARENT"],"parent":{"firstName":"Ana","lastName":"López","email":"${uniqueEmail()}",` +
    `"phoneCountryCode":"US_CANADA","phoneNumber":"2125551234"},"knowsCoParentEmail":true,` +
    `"extra":${extra}}`;

  const post = (url: string, payload: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json; charset=utf-8', language },
      payload,
    });

  it('is a 422 at `body` in the request language, never a 500, and nothing is saved', async () => {
    for (const kind of ['array', 'object'] as const) {
      const body = signupBody(nested(8000, kind));
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await post('/v2/signups', body, 'es-MX');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        validationErrors: [{ field: 'body', text: 'Ingresa un valor válido', type: 'ERROR' }],
      });
    }
    const bare = await post('/v2/events', nested(8000, 'array'));
    expect(bare.statusCode).toBe(422);
    expect(bare.json().validationErrors[0].text).toBe('Enter a valid value');
  });

  it('is read as usual up to the limit (an ignored extra field nested just under it)', async () => {
    // The signup body itself is one level: the extra value may add the rest.
    const res = await post('/v2/signups', signupBody(nested(JSON_MAX_DEPTH - 1, 'object')));
    expect(res.statusCode, res.body).toBe(201);
    const over = await post('/v2/signups', signupBody(nested(JSON_MAX_DEPTH, 'object')));
    expect(over.statusCode).toBe(422);
  });

  it('keeps what Fastify refused before: malformed JSON 400, prototype poisoning 400', async () => {
    const malformed = await post('/v2/signups', '{"sections": [');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON' });
    const poisoned = await post('/v2/signups', '{"__proto__":{"isStaff":true}}');
    expect(poisoned.statusCode).toBe(400);
    const empty = await post('/v2/signups', '');
    expect(empty.statusCode).toBe(400);
  });
});
