import {
  countryFromCode,
  type Locale,
  PLACES_MAX_SUGGESTIONS,
  type PlaceAddress,
  type PlaceSuggestion,
  regionFromArea,
} from '@coparent/domain';
import {
  type DetailsRequest,
  PlaceNotFoundError,
  type PlacesProvider,
  PlacesUnavailableError,
  type SuggestRequest,
} from './places-provider.js';

/** Google's Places API (New), over HTTPS: https://developers.google.com/maps/documentation/places/web-service/op-overview */
export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com/v1';
/** Only the address is read from a place, so only the cheapest field is asked for (and billed). */
export const GOOGLE_DETAILS_FIELD_MASK = 'addressComponents';
const TIMEOUT_MS = 5000;

/** Google's languages: Latin American Spanish is `es-419`. */
const GOOGLE_LANGUAGE: Record<Locale, string> = { en: 'en', 'es-MX': 'es-419' };

type GoogleText = { text?: string };
type AutocompleteResponse = {
  suggestions?: Array<{
    placePrediction?: {
      placeId?: string;
      text?: GoogleText;
      structuredFormat?: { mainText?: GoogleText; secondaryText?: GoogleText };
    };
  }>;
};
type AddressComponent = { longText?: string; shortText?: string; types?: string[] };
type PlaceResponse = { addressComponents?: AddressComponent[] };

export type GooglePlacesOptions = {
  apiKey: string;
  /** Tests pass a fake that checks what Google would receive. */
  fetch?: typeof fetch;
};

export function createGooglePlaces(options: GooglePlacesOptions): PlacesProvider {
  const doFetch = options.fetch ?? fetch;

  async function call(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (cause) {
      // Only the error's name: a network error's message can quote the request.
      throw new PlacesUnavailableError(`request failed (${(cause as Error)?.name ?? 'unknown'})`);
    }
    return response;
  }

  async function readJson<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw new PlacesUnavailableError(`unreadable answer (HTTP ${response.status})`);
    }
  }

  return {
    kind: 'google',

    async suggest({ input, country, language, sessionToken }: SuggestRequest) {
      const response = await call(`${GOOGLE_PLACES_BASE_URL}/places:autocomplete`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': options.apiKey },
        body: JSON.stringify({
          input,
          includedRegionCodes: [country],
          languageCode: GOOGLE_LANGUAGE[language],
          sessionToken,
        }),
      });
      if (!response.ok) throw new PlacesUnavailableError(`autocomplete HTTP ${response.status}`);
      const body = await readJson<AutocompleteResponse>(response);
      return (body.suggestions ?? [])
        .flatMap(({ placePrediction: p }): PlaceSuggestion[] =>
          p?.placeId
            ? [
                {
                  placeId: p.placeId,
                  primaryText: p.structuredFormat?.mainText?.text ?? p.text?.text ?? '',
                  secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
                },
              ]
            : [],
        )
        .slice(0, PLACES_MAX_SUGGESTIONS);
    },

    async details({ placeId, language, sessionToken }: DetailsRequest) {
      const query = new URLSearchParams({ languageCode: GOOGLE_LANGUAGE[language], sessionToken });
      // The id was checked against placeIdSchema (URL-safe characters), so it cannot leave the path.
      const response = await call(`${GOOGLE_PLACES_BASE_URL}/places/${placeId}?${query}`, {
        method: 'GET',
        headers: {
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': GOOGLE_DETAILS_FIELD_MASK,
        },
      });
      if (response.status === 404) throw new PlaceNotFoundError(`unknown place ${placeId}`);
      if (!response.ok) throw new PlacesUnavailableError(`place details HTTP ${response.status}`);
      const body = await readJson<PlaceResponse>(response);
      return addressFrom(body.addressComponents ?? []);
    },
  };
}

/** Google's address components as our billing fields. */
export function addressFrom(components: AddressComponent[]): PlaceAddress {
  const find = (type: string) => components.find((c) => c.types?.includes(type));
  const long = (type: string) => find(type)?.longText ?? '';
  const country = countryFromCode(find('country')?.shortText);
  const area = find('administrative_area_level_1');
  // "Unit 3/12 Smith St" style premises are rare on billing lines; number and street suffice.
  const line1 = [find('street_number')?.shortText, find('route')?.shortText ?? long('route')]
    .filter(Boolean)
    .join(' ');
  return {
    line1: line1 || long('premise'),
    // UK addresses have a postal town rather than a locality.
    city: long('locality') || long('postal_town') || long('sublocality_level_1'),
    region: country && area ? regionFromArea(country, area) : '',
    postalCode: long('postal_code'),
    country,
  };
}
