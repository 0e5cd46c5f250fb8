import { z } from 'zod';
import { ADDRESS_AUTOCOMPLETE_COUNTRIES } from '../constants/limits.js';
import { isCountryId } from '../lookups/countries.js';
import { hasRegions, regionIdsFor, regionName } from '../lookups/regions.js';
import { errorKey } from '../validation/fields.js';

/** Suggestions are asked for once this many characters are typed (fewer match too much). */
export const PLACES_MIN_INPUT_LENGTH = 3;
/** Longest input sent to the provider (a billing line is at most 50; room for a pasted line). */
export const PLACES_MAX_INPUT_LENGTH = 100;
/** At most this many suggestions are shown (Google's own maximum is 5 too). */
export const PLACES_MAX_SUGGESTIONS = 5;

export type AutocompleteCountry = (typeof ADDRESS_AUTOCOMPLETE_COUNTRIES)[number];

/** Is places autocomplete offered for this country (any case: 'US' or 'us')? */
export function isAutocompleteCountry(country: string | null | undefined): boolean {
  return (ADDRESS_AUTOCOMPLETE_COUNTRIES as readonly string[]).includes(
    (country ?? '').toLowerCase(),
  );
}

/**
 * A session token groups the keystrokes and the pick of one search into one billed session
 * (Google recommends a UUID v4; at most 36 URL-safe characters).
 */
export const placesSessionTokenSchema = z
  .string(errorKey('invalidValue'))
  .regex(/^[A-Za-z0-9_-]{1,36}$/, errorKey('invalidValue'));

/** A provider's place id: URL-safe characters only, so it can go into the provider's path. */
export const placeIdSchema = z
  .string(errorKey('invalidValue'))
  .regex(/^[A-Za-z0-9_-]{1,512}$/, errorKey('invalidValue'));

/** GET /v2/places/suggestions query. The country is the billing form's (any case). */
export const PlacesSuggestionsQuerySchema = z.object({
  input: z
    .string(errorKey('invalidValue'))
    .trim()
    .min(PLACES_MIN_INPUT_LENGTH, errorKey('invalidValue'))
    .max(PLACES_MAX_INPUT_LENGTH, errorKey('places_inputLength_error')),
  country: z
    .string(errorKey('places_country_error'))
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(ADDRESS_AUTOCOMPLETE_COUNTRIES, errorKey('places_country_error'))),
  sessionToken: placesSessionTokenSchema,
});
export type PlacesSuggestionsQuery = z.infer<typeof PlacesSuggestionsQuerySchema>;

export const PlaceSuggestionSchema = z.object({
  placeId: z.string(),
  /** The street part ("1600 Amphitheatre Pkwy"). */
  primaryText: z.string(),
  /** The rest ("Mountain View, CA, USA"). */
  secondaryText: z.string(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

/** GET /v2/places/suggestions answer: `enabled: false` (and no suggestions) without a provider. */
export const PlacesSuggestionsResponseSchema = z.object({
  enabled: z.boolean(),
  suggestions: z.array(PlaceSuggestionSchema).max(PLACES_MAX_SUGGESTIONS),
});
export type PlacesSuggestionsResponse = z.infer<typeof PlacesSuggestionsResponseSchema>;

/** GET /v2/places answer: whether address suggestions are offered, and where. */
export const PlacesStatusResponseSchema = z.object({
  enabled: z.boolean(),
  countries: z.array(z.enum(ADDRESS_AUTOCOMPLETE_COUNTRIES)),
});
export type PlacesStatusResponse = z.infer<typeof PlacesStatusResponseSchema>;

export const PlaceDetailsParamsSchema = z.object({ placeId: placeIdSchema });
export const PlaceDetailsQuerySchema = z.object({ sessionToken: placesSessionTokenSchema });

/** GET /v2/places/{placeId} answer: the billing fields a pick fills (region in our codes). */
export const PlaceAddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  /** The domain's region id for countries with a list (US 'CA'), else the provider's name; '' unknown. */
  region: z.string(),
  postalCode: z.string(),
  /** The domain's country id ('US'); '' when the provider's country is not one of ours. */
  country: z.string(),
});
export type PlaceAddress = z.infer<typeof PlaceAddressSchema>;

/**
 * Our region for a provider's first-level area: for a country with a region list, the id whose
 * code or English name matches (Google gives US, CA and AU codes as short names, UK nations by
 * name), '' when none does; for other countries the area's name as it came.
 */
export function regionFromArea(
  country: string,
  area: { shortText?: string; longText?: string },
): string {
  if (!hasRegions(country)) return area.longText ?? '';
  const ids = regionIdsFor(country);
  const code = (area.shortText ?? '').toUpperCase();
  if (ids.includes(code)) return code;
  const name = (area.longText ?? '').toLowerCase();
  return ids.find((id) => regionName(country, id, 'en').toLowerCase() === name) ?? '';
}

/** Our country id for a provider's ISO code ('' when it is not one of ours). */
export function countryFromCode(code: string | undefined): string {
  const id = (code ?? '').toUpperCase();
  return isCountryId(id) ? id : '';
}
