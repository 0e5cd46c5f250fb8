import {
  ADDRESS_AUTOCOMPLETE_COUNTRIES,
  type Locale,
  type PlaceAddress,
  type PlacesStatusResponse,
  type PlacesSuggestionsQuery,
  type PlacesSuggestionsResponse,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  PlaceNotFoundError,
  type PlacesProvider,
  PlacesUnavailableError,
} from '../../adapters/places/places-provider.js';
import { AppError } from '../../errors.js';

export type PlacesService = ReturnType<typeof createPlacesService>;

/** Address suggestions for the billing forms, through the places port. */
export function createPlacesService(deps: { provider: PlacesProvider; log: FastifyBaseLogger }) {
  const { provider, log } = deps;
  const enabled = provider.kind !== 'none';

  /** A provider failure is a 503 the browser answers by letting the person type; never a 500. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof PlaceNotFoundError) throw new AppError('NOT_FOUND');
      if (err instanceof PlacesUnavailableError) {
        log.warn({ provider: provider.kind, reason: err.reason }, 'places provider unavailable');
        throw new AppError('PLACES_UNAVAILABLE');
      }
      throw err;
    }
  }

  return {
    status(): PlacesStatusResponse {
      return { enabled, countries: [...ADDRESS_AUTOCOMPLETE_COUNTRIES] };
    },

    async suggest(
      query: PlacesSuggestionsQuery,
      language: Locale,
    ): Promise<PlacesSuggestionsResponse> {
      if (!enabled) return { enabled, suggestions: [] };
      const suggestions = await guarded(() => provider.suggest({ ...query, language }));
      return { enabled, suggestions };
    },

    details(placeId: string, sessionToken: string, language: Locale): Promise<PlaceAddress> {
      return guarded(() => provider.details({ placeId, sessionToken, language }));
    },
  };
}
