import {
  DEFAULT_PRO_COUNTRY,
  type Locale,
  PRO_FORM_STEP_FIELD,
  ProfessionalLookupsResponseSchema,
} from '@coparent/domain';
import type { FormSubmission } from '@/lib/form-submission';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { PRO_LOOKUPS_PATH, proLookupsQueryOptions } from './api/get-pro-lookups';
import { proTimeZonesPath, proTimeZonesQueryOptions } from './api/get-pro-time-zones';

/**
 * What /pro reads, read on the server for the page it writes: the lookups in the page's language,
 * and on a posted step 2 the time zones of its country (and region, where it has a list).
 */
export async function proPageQueries(
  locale: Locale,
  submission: FormSubmission | undefined,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const lookups = ProfessionalLookupsResponseSchema.parse(await fetchJson(PRO_LOOKUPS_PATH));
  const queries: ServerQuery[] = [
    { queryKey: proLookupsQueryOptions(locale).queryKey, data: lookups },
  ];
  const values = submission?.values;
  if (values?.[PRO_FORM_STEP_FIELD] !== '2') return queries;
  const country = values.country || DEFAULT_PRO_COUNTRY;
  const hasRegionList = (lookups.regions[country] ?? []).length > 0;
  const region = hasRegionList && values.region ? values.region : undefined;
  const zones = await fetchJson(proTimeZonesPath(country, region));
  queries.push({
    queryKey: proTimeZonesQueryOptions(country, region, locale).queryKey,
    data: zones,
  });
  return queries;
}
