import {
  isAutocompleteCountry,
  type Locale,
  PLACES_MIN_INPUT_LENGTH,
  type PlaceAddress,
  type PlacesStatusResponse,
  type PlacesSuggestionsResponse,
} from '@coparent/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';

const languageHeaders = (locale: Locale) => ({ language: locale, 'Accept-Language': locale });

/** `GET /v2/places`: whether the server has a places provider (it never changes while running). */
const placesStatusQueryOptions = queryOptions({
  queryKey: ['places', 'status'],
  queryFn: ({ signal }) => apiRequest<PlacesStatusResponse>('/v2/places', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Are address suggestions offered for this country? False until the server has said so. */
export function usePlacesEnabled(country: string | undefined): boolean {
  const status = useQuery(placesStatusQueryOptions);
  return status.data?.enabled === true && isAutocompleteCountry(country);
}

type SuggestionsRequest = { input: string; country: string; sessionToken: string };

/** `GET /v2/places/suggestions`: asked only once enough is typed; a failure shows no list. */
export function usePlaceSuggestions(request: SuggestionsRequest, isEnabled: boolean) {
  const locale = useLocale();
  const input = request.input.trim();
  return useQuery({
    queryKey: ['places', 'suggestions', locale, request.country, input, request.sessionToken],
    queryFn: ({ signal }) =>
      apiRequest<PlacesSuggestionsResponse>(
        `/v2/places/suggestions?${new URLSearchParams({ ...request, input })}`,
        { signal, headers: languageHeaders(locale) },
      ),
    enabled: isEnabled && input.length >= PLACES_MIN_INPUT_LENGTH,
    staleTime: 60_000,
    // The list stays while the next keystroke's answer comes.
    placeholderData: (previous) => previous,
  });
}

/** `GET /v2/places/{placeId}`: the picked suggestion's address (ends the search session). */
export function usePlaceDetails() {
  const locale = useLocale();
  return useMutation({
    mutationFn: ({ placeId, sessionToken }: { placeId: string; sessionToken: string }) =>
      apiRequest<PlaceAddress>(
        `/v2/places/${encodeURIComponent(placeId)}?${new URLSearchParams({ sessionToken })}`,
        { headers: languageHeaders(locale) },
      ),
  });
}
