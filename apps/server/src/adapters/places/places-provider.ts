import type { AutocompleteCountry, Locale, PlaceAddress, PlaceSuggestion } from '@coparent/domain';

export type SuggestRequest = {
  input: string;
  country: AutocompleteCountry;
  language: Locale;
  sessionToken: string;
};

export type DetailsRequest = { placeId: string; language: Locale; sessionToken: string };

/** The places adapters: none (no-places.ts) or Google Places (google.ts). */
export type PlacesProviderKind = 'none' | 'google';

/**
 * The places-autocomplete port: address suggestions for what a person types, and the billing
 * fields of the one they pick. The provider is called by the server only, so its key never
 * reaches the browser (decision 018).
 */
export type PlacesProvider = {
  /** `none` when no provider is configured (no-places.ts), else the provider's name. */
  readonly kind: PlacesProviderKind;
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
