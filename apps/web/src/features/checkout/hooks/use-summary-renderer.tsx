import { BUILD_YOUR_OWN_OPTIONS, type Package, type SavedOrder } from '@coparent/domain';
import { useMemo } from 'react';
import { OrderSummary } from '@/components/order-summary';
import type { SummaryRenderer } from '../components/checkout-page';

/**
 * The checkout's order summary: the package, its build-your-own options and the server's price
 * (for Parent A's payment and the invited co-parent's).
 */
export function useSummaryRenderer(
  pkg: Package | undefined,
  order: SavedOrder | undefined,
): SummaryRenderer | undefined {
  return useMemo<SummaryRenderer | undefined>(() => {
    if (!pkg || !order) return undefined;
    const options = pkg.buildYourOwn
      ? BUILD_YOUR_OWN_OPTIONS.filter(({ code }) => order.services.includes(code)).map(
          ({ code }) => pkg.options.find((o) => o.code === code)?.name ?? code,
        )
      : undefined;
    return (pricing, { headingId, isUpdating }) => (
      <OrderSummary
        pkg={{
          id: pkg.id,
          displayName: pkg.displayName,
          subDurationInYears: pkg.subDurationInYears,
          ...(options ? { options } : {}),
        }}
        pricing={pricing}
        headingId={headingId}
        headingLevel={2}
        isUpdating={isUpdating}
      />
    );
  }, [pkg, order]);
}
