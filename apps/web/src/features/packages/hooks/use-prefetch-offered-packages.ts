import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocale } from '@/lib/use-locale';
import { packagesQueryOptions } from '../api/get-packages';
import { type PricingCriteria, pricingGroupQueryOptions } from '../api/get-pricing-group';

/**
 * Loads what `useOfferedPackages` reads (the pricing group, then its packages) into the query
 * cache ahead of the screen that shows them: the group needs only the step-1 phone, so /step2
 * fetches both while the person types and /step3 opens with its cards (one round trip fewer).
 * A failed prefetch is ignored: the packages screen asks again and shows its own error.
 */
export function usePrefetchOfferedPackages({ country, countryCode, phoneNumber }: PricingCriteria) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  useEffect(() => {
    const criteria = { country, countryCode, phoneNumber };
    queryClient
      .fetchQuery(pricingGroupQueryOptions(criteria))
      .then((group) =>
        group.packageIds.length > 0
          ? queryClient.prefetchQuery(packagesQueryOptions(group.packageIds, group.country, locale))
          : undefined,
      )
      .catch(() => undefined);
  }, [queryClient, locale, country, countryCode, phoneNumber]);
}
