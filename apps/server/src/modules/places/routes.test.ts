import { afterEach, describe, expect, it } from 'vitest';
import { createGooglePlaces } from '../../adapters/places/google.js';
import { noPlaces } from '../../adapters/places/no-places.js';
import type { PlacesProvider } from '../../adapters/places/places-provider.js';
import type { App } from '../../app.js';
import { buildTestApp, captureLogs, testConfig, useTestDatabase } from '../../test/test-app.js';

const API_KEY = 'AIza-test-key-never-logged';
const SESSION = '3f2b8c1e-9d4a-4e6b-8f0c-2a1b3c4d5e6f';
const PLACE_ID = 'ChIJj61dQgK6j4AR4GeTYWZsKWw';

/** Shapes as Google's Places API (New) documents them (places:autocomplete, places/{id}). */
const AUTOCOMPLETE_ANSWER = {
  suggestions: [
    ...Array.from({ length: 6 }, (_, i) => ({
      placePrediction: {
        place: `places/${PLACE_ID}${i}`,
        placeId: `${PLACE_ID}${i}`,
        text: {
          text: `160${i} Amphitheatre Parkway, Mountain View, CA, USA`,
          matches: [{ endOffset: 4 }],
        },
        structuredFormat: {
          mainText: { text: `160${i} Amphitheatre Parkway`, matches: [{ endOffset: 4 }] },
          secondaryText: { text: 'Mountain View, CA, USA' },
        },
        types: ['geocode', 'street_address'],
      },
    })),
    { queryPrediction: { text: { text: '1600 pizza near me' } } },
  ],
};

const DETAILS_ANSWER = {
  addressComponents: [
    { longText: '1600', shortText: '1600', types: ['street_number'], languageCode: 'en-US' },
    {
      longText: 'Amphitheatre Parkway',
      shortText: 'Amphitheatre Pkwy',
      types: ['route'],
      languageCode: 'en',
    },
    {
      longText: 'Mountain View',
      shortText: 'Mountain View',
      types: ['locality', 'political'],
      languageCode: 'en',
    },
    {
      longText: 'Santa Clara County',
      shortText: 'Santa Clara County',
      types: ['administrative_area_level_2', 'political'],
      languageCode: 'en',
    },
    {
      longText: 'California',
      shortText: 'CA',
      types: ['administrative_area_level_1', 'political'],
      languageCode: 'en',
    },
    {
      longText: 'United States',
      shortText: 'US',
      types: ['country', 'political'],
      languageCode: 'en',
    },
    { longText: '94043', shortText: '94043', types: ['postal_code'], languageCode: 'en-US' },
  ],
};

const UK_DETAILS_ANSWER = {
  addressComponents: [
    { longText: '10', shortText: '10', types: ['street_number'] },
    { longText: 'Downing Street', shortText: 'Downing St', types: ['route'] },
    { longText: 'London', shortText: 'London', types: ['postal_town'] },
    {
      longText: 'England',
      shortText: 'England',
      types: ['administrative_area_level_1', 'political'],
    },
    { longText: 'United Kingdom', shortText: 'GB', types: ['country', 'political'] },
    { longText: 'SW1A 2AA', shortText: 'SW1A 2AA', types: ['postal_code'] },
  ],
};

type SeenRequest = { url: URL; method: string; headers: Headers; body: unknown };

/** Google as a fake fetch: records each request and answers `reply(request)`. */
function fakeGoogle(reply: (request: SeenRequest) => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const request: SeenRequest = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    return reply(request);
  }) as typeof globalThis.fetch;
  return { seen, provider: createGooglePlaces({ apiKey: API_KEY, fetch }) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const googleAnswers = (request: SeenRequest) =>
  request.url.pathname.endsWith('places:autocomplete')
    ? json(AUTOCOMPLETE_ANSWER)
    : request.url.pathname.endsWith(`/${PLACE_ID}`)
      ? json(DETAILS_ANSWER)
      : json(UK_DETAILS_ANSWER);

// The places calls touch no table; one database serves every app of this file.
const ctx = useTestDatabase('pglite');
let app: App | undefined;
async function start(provider: PlacesProvider, env: Record<string, string> = {}) {
  const logs = captureLogs();
  app = await buildTestApp(ctx.database, {
    env: { LOG_LEVEL: 'info', ...env },
    placesProvider: provider,
    logStream: logs.stream,
  });
  return { app, logs };
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const suggestionsUrl = (query: Record<string, string>) =>
  `/v2/places/suggestions?${new URLSearchParams({ sessionToken: SESSION, ...query })}`;

describe('places with Google', () => {
  it('asks Google for the chosen country with the key and session, and answers 5 suggestions', async () => {
    const google = fakeGoogle(googleAnswers);
    const { app, logs } = await start(google.provider);

    const response = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: '1600 Amphi', country: 'US' }),
      headers: { language: 'es-MX' },
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.enabled).toBe(true);
    expect(body.suggestions).toHaveLength(5);
    expect(body.suggestions[0]).toEqual({
      placeId: `${PLACE_ID}0`,
      primaryText: '1600 Amphitheatre Parkway',
      secondaryText: 'Mountain View, CA, USA',
    });
    const [sent] = google.seen;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.href).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(sent?.headers.get('x-goog-api-key')).toBe(API_KEY);
    expect(sent?.body).toEqual({
      input: '1600 Amphi',
      includedRegionCodes: ['us'],
      languageCode: 'es-419',
      sessionToken: SESSION,
    });
    // Neither the key nor what was typed nor the session reaches the logs.
    expect(logs.text()).not.toContain(API_KEY);
    expect(logs.text()).not.toContain('Amphi');
    expect(logs.text()).not.toContain(SESSION);
  });

  it("maps a US place's address components to the billing fields", async () => {
    const google = fakeGoogle(googleAnswers);
    const { app } = await start(google.provider);

    const response = await app.inject({
      method: 'GET',
      url: `/v2/places/${PLACE_ID}?sessionToken=${SESSION}`,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      line1: '1600 Amphitheatre Pkwy',
      city: 'Mountain View',
      region: 'CA',
      postalCode: '94043',
      country: 'US',
    });
    const [sent] = google.seen;
    expect(sent?.method).toBe('GET');
    expect(`${sent?.url.origin}${sent?.url.pathname}`).toBe(
      `https://places.googleapis.com/v1/places/${PLACE_ID}`,
    );
    expect(sent?.url.searchParams.get('sessionToken')).toBe(SESSION);
    expect(sent?.url.searchParams.get('languageCode')).toBe('en');
    expect(sent?.headers.get('x-goog-fieldmask')).toBe('addressComponents');
    expect(sent?.headers.get('x-goog-api-key')).toBe(API_KEY);
  });

  it('takes the postal town and the nation code of a UK address', async () => {
    const { app } = await start(fakeGoogle(googleAnswers).provider);
    const response = await app.inject({
      method: 'GET',
      url: `/v2/places/ChIJdowning?sessionToken=${SESSION}`,
    });
    expect(response.json()).toEqual({
      line1: '10 Downing St',
      city: 'London',
      region: 'ENG',
      postalCode: 'SW1A 2AA',
      country: 'GB',
    });
  });

  it('refuses a country outside us, gb, au, ca, nz with 422 and calls nobody', async () => {
    const google = fakeGoogle(googleAnswers);
    const { app } = await start(google.provider);

    const response = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: 'Avenida Reforma', country: 'MX' }),
      headers: { language: 'en' },
    });

    expect(response.statusCode).toBe(422);
    expect(response.json().validationErrors).toEqual([
      expect.objectContaining({
        field: 'country',
        text: 'Address suggestions are offered in the US, the UK, Australia, Canada and New Zealand only',
      }),
    ]);
    expect(google.seen).toHaveLength(0);
  });

  it('answers 503 PLACES_UNAVAILABLE when Google refuses, without the key in the logs', async () => {
    const google = fakeGoogle(() =>
      json(
        {
          error: {
            code: 403,
            message: `API key not valid: ${API_KEY}`,
            status: 'PERMISSION_DENIED',
          },
        },
        403,
      ),
    );
    const { app, logs } = await start(google.provider);

    const suggestions = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: '1600 Amphi', country: 'us' }),
    });
    const details = await app.inject({
      method: 'GET',
      url: `/v2/places/${PLACE_ID}?sessionToken=${SESSION}`,
    });

    for (const response of [suggestions, details]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().code).toBe('PLACES_UNAVAILABLE');
    }
    expect(logs.text()).toContain('places provider unavailable');
    expect(logs.text()).not.toContain(API_KEY);
  });

  it('answers 503 when Google cannot be reached', async () => {
    const google = fakeGoogle(() => {
      throw new TypeError(`fetch failed for key ${API_KEY}`);
    });
    const { app, logs } = await start(google.provider);
    const response = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: '1600 Amphi', country: 'gb' }),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PLACES_UNAVAILABLE');
    expect(logs.text()).not.toContain(API_KEY);
  });

  it("answers 404 for a place Google doesn't know and 422 for an id that is not one", async () => {
    const google = fakeGoogle(() =>
      json({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }, 404),
    );
    const { app } = await start(google.provider);
    const unknown = await app.inject({
      method: 'GET',
      url: `/v2/places/ChIJunknown?sessionToken=${SESSION}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const odd = await app.inject({
      method: 'GET',
      url: `/v2/places/${encodeURIComponent('a/../b')}?sessionToken=${SESSION}`,
    });
    expect(odd.statusCode).toBe(422);
    expect(google.seen).toHaveLength(1);
  });

  it('limits suggestions per client (RATE_LIMIT_PLACES_PER_MINUTE)', async () => {
    const { app } = await start(fakeGoogle(googleAnswers).provider, {
      RATE_LIMIT_PLACES_PER_MINUTE: '2',
    });
    const ask = () =>
      app.inject({ method: 'GET', url: suggestionsUrl({ input: '1600 Amphi', country: 'us' }) });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('says suggestions are offered', async () => {
    const { app } = await start(fakeGoogle(googleAnswers).provider);
    const response = await app.inject({ method: 'GET', url: '/v2/places' });
    expect(response.json()).toEqual({ enabled: true, countries: ['us', 'gb', 'au', 'ca', 'nz'] });
  });
});

describe('places without a provider', () => {
  it('answers enabled: false and no suggestions, still checking the country', async () => {
    const { app } = await start(noPlaces);
    const status = await app.inject({ method: 'GET', url: '/v2/places' });
    expect(status.json().enabled).toBe(false);
    const suggestions = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: '1600 Amphi', country: 'ca' }),
    });
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json()).toEqual({ enabled: false, suggestions: [] });
    const mexico = await app.inject({
      method: 'GET',
      url: suggestionsUrl({ input: '1600 Amphi', country: 'mx' }),
    });
    expect(mexico.statusCode).toBe(422);
    const details = await app.inject({
      method: 'GET',
      url: `/v2/places/${PLACE_ID}?sessionToken=${SESSION}`,
    });
    expect(details.statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const { app } = await start(noPlaces);
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/v2/places', '/v2/places/suggestions', '/v2/places/{placeId}']),
    );
  });

  it('is what the config chooses without GOOGLE_PLACES_API_KEY, Google with it', () => {
    expect(testConfig().places).toEqual({ kind: 'none' });
    expect(testConfig({ GOOGLE_PLACES_API_KEY: API_KEY }).places).toEqual({
      kind: 'google',
      apiKey: API_KEY,
    });
  });
});
