import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Reads retry twice on network or server failures; submits (mutations) never retry on their own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && isApiError(error) && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
