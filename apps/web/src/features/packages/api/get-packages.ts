import type { Locale, PackagesResponse } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/**
 * GET /v2/packages?ids=…&country=…: the packages, localised in the request's language (the api
 * client sends it) and priced for the country. The locale is part of the query key, so a change of
 * language fetches the names again.
 */
export function packagesPath(ids: readonly number[], country?: string | null): string {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (country) params.set('country', country);
  return `/v2/packages?${params.toString()}`;
}

export async function readPackages(answer: unknown): Promise<PackagesResponse> {
  const { PackagesResponseSchema } = await import('./answer-schemas');
  return parseAnswer(PackagesResponseSchema, answer, 'packages');
}

async function getPackages(ids: readonly number[], country?: string | null) {
  return readPackages(await apiRequest<unknown>(packagesPath(ids, country)));
}

export function packagesQueryOptions(
  ids: readonly number[],
  country: string | null | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['packages', [...ids].join(','), country ?? '', locale],
    queryFn: () => getPackages(ids, country),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePackages(
  ids: readonly number[] | undefined,
  country: string | null | undefined,
  locale: Locale,
) {
  const options = packagesQueryOptions(ids ?? [], country, locale);
  return useQuery({
    ...options,
    enabled: ids !== undefined && ids.length > 0,
    // A change of language keeps the cards on screen while their names load again; a change of
    // packages or country shows the spinner instead (never another country's prices).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === options.queryKey[1] &&
      previousQuery?.queryKey[2] === options.queryKey[2]
        ? previous
        : undefined,
  });
}
