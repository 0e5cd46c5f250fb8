import type { Locale } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';

type TimeZoneOption = { id: string; name: string };

/**
 * `GET /v2/professional/lookups/countries/:id/timezones?region=`: the country's time zones, narrowed
 * by region for the US and Canada.
 */
export function proTimeZonesPath(country: string, region: string | undefined): string {
  const query = region ? `?region=${encodeURIComponent(region)}` : '';
  return `/v2/professional/lookups/countries/${encodeURIComponent(country)}/timezones${query}`;
}

function getProTimeZones(
  country: string,
  region: string | undefined,
  locale: Locale,
): Promise<TimeZoneOption[]> {
  return apiRequest<TimeZoneOption[]>(proTimeZonesPath(country, region), {
    headers: { language: locale, 'Accept-Language': locale },
  });
}

export function proTimeZonesQueryOptions(
  country: string,
  region: string | undefined,
  locale: Locale,
) {
  return queryOptions({
    queryKey: ['professional', 'timezones', locale, country, region ?? ''],
    queryFn: () => getProTimeZones(country, region, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Time zones of the chosen country (and region); nothing is asked before a country is chosen. */
export function useProTimeZones(country: string | undefined, region: string | undefined) {
  const locale = useLocale();
  return useQuery({
    ...proTimeZonesQueryOptions(country ?? '', region, locale),
    enabled: Boolean(country),
    placeholderData: (previous, previousQuery) =>
      // Keep the list while only the language changes; a new country or region starts empty.
      previousQuery?.queryKey[3] === country && previousQuery?.queryKey[4] === (region ?? '')
        ? previous
        : undefined,
  });
}
