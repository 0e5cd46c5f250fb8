import type { Package, PricingLookupResponse } from '@coparent/domain';
import { useMemo } from 'react';
import { useLocale } from '@/lib/use-locale';
import { usePackages } from '../api/get-packages';
import { type PricingCriteria, usePricingGroup } from '../api/get-pricing-group';
import { sortPackages } from '../package-order';

type OfferedPackages = {
  group: PricingLookupResponse | undefined;
  /** The group's packages in card order (sortPackages); undefined until loaded. */
  packages: Package[] | undefined;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
};

/**
 * The packages offered to a visitor: the pricing group for the criteria (GET /v2/pricing), then its
 * packages in the current language (GET /v2/packages), sorted for the cards.
 */
export function useOfferedPackages(
  criteria: PricingCriteria,
  { enabled = true } = {},
): OfferedPackages {
  const locale = useLocale();
  const group = usePricingGroup(criteria, { enabled });
  const ids = group.data?.packageIds;
  const packages = usePackages(ids, group.data?.country, locale);
  const sorted = useMemo(
    () => (packages.data ? sortPackages(packages.data.packages) : undefined),
    [packages.data],
  );
  const hasIds = ids !== undefined && ids.length > 0;
  return {
    group: group.data,
    packages: hasIds ? sorted : group.data ? [] : undefined,
    isLoading: enabled && (group.isPending || (hasIds && packages.isPending)),
    error: group.error ?? (hasIds ? packages.error : null),
    retry: () => {
      if (group.error) void group.refetch();
      else void packages.refetch();
    },
  };
}
