import {
  type Locale,
  type ProfessionalLookupsResponse,
  ProfessionalLookupsResponseSchema,
} from '@coparent/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';

/** `GET /v2/professional/lookups`: every option list of the form, named in the language. */
/** The lookups' address (the server reads it for a page it writes). */
export const PRO_LOOKUPS_PATH = '/v2/professional/lookups';

async function getProLookups(locale: Locale): Promise<ProfessionalLookupsResponse> {
  const answer = await apiRequest<unknown>(PRO_LOOKUPS_PATH, {
    headers: { language: locale, 'Accept-Language': locale },
  });
  return parseAnswer(ProfessionalLookupsResponseSchema, answer, 'lookups');
}

export function proLookupsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['professional', 'lookups', locale],
    queryFn: () => getProLookups(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The lookups in the current language. A language switch loads them again; meanwhile the form
 * keeps the previous names rather than disappearing.
 */
export function useProLookups() {
  const locale = useLocale();
  return useQuery({ ...proLookupsQueryOptions(locale), placeholderData: keepPreviousData });
}
