import { PlaceNotFoundError, type PlacesProvider } from './places-provider.js';

/** No provider configured: no suggestions, and no place can be looked up. */
export const noPlaces: PlacesProvider = {
  kind: 'none',
  suggest: async () => [],
  details: async () => {
    throw new PlaceNotFoundError('no places provider is configured');
  },
};
