import type { AutocompleteCountry, Locale, PlaceAddress, PlaceSuggestion } from '@coparent/domain';
import type { PlacesConfig } from '../../config.js';
import { createGooglePlaces } from './google.js';

export type SuggestRequest = {
  input: string;
  country: AutocompleteCountry;
  language: Locale;
  sessionToken: string;
};

export type DetailsRequest = { placeId: string; language: Locale; sessionToken: string };

/**
 * The places-autocomplete port: address suggestions for what a person types, and the billing
 * fields of the one they pick. The provider is called by the server only, so its key never
 * reaches the browser (decision 018).
 */
export type PlacesProvider = {
  readonly kind: PlacesConfig['kind'];
  /** Up to PLACES_MAX_SUGGESTIONS addresses in the country; [] without a provider. */
  suggest(request: SuggestRequest): Promise<PlaceSuggestion[]>;
  /** The address of a suggestion; throws PlaceNotFoundError for an unknown id. */
  details(request: DetailsRequest): Promise<PlaceAddress>;
};

/** The provider failed, timed out or answered something unreadable. `reason` is safe to log. */
export class PlacesUnavailableError extends Error {
  override name = 'PlacesUnavailableError';
  constructor(readonly reason: string) {
    super(`places provider unavailable: ${reason}`);
  }
}

/** The provider does not know the place id (or there is no provider). */
export class PlaceNotFoundError extends Error {
  override name = 'PlaceNotFoundError';
}

/** No provider configured: no suggestions, and no place can be looked up. */
export const noPlaces: PlacesProvider = {
  kind: 'none',
  suggest: async () => [],
  details: async () => {
    throw new PlaceNotFoundError('no places provider is configured');
  },
};

/** The one place the places adapter is chosen (config.ts decided which). */
export function createPlacesProvider(config: PlacesConfig): PlacesProvider {
  switch (config.kind) {
    case 'none':
      return noPlaces;
    case 'google':
      return createGooglePlaces({ apiKey: config.apiKey });
  }
}
