import type { Locale, SignupState } from '@coparent/domain';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { couponsPath, couponsQueryOptions, readCoupons } from './api/get-coupons';
import { packagesPath, packagesQueryOptions, readPackages } from './api/get-packages';
import {
  type PricingCriteria,
  phonePricingCriteria,
  pricingGroupPath,
  pricingGroupQueryOptions,
  readPricingGroup,
} from './api/get-pricing-group';

/**
 * The pricing criteria of a saved signup, as the package screens read them on a page the server
 * wrote: its step-1 phone (a billing country the tab saved on /payment is the tab's to add).
 */
export function signupPricingCriteria(signup: Pick<SignupState, 'parent'>) {
  return phonePricingCriteria(
    signup.parent.phoneCountryCode ?? undefined,
    signup.parent.phoneNumber ?? undefined,
  );
}

/**
 * What the package screens read for a saved signup, read on the server: its pricing group, the
 * group's packages in the page's language, and the signup's coupons.
 */
export async function offeredPackagesQueries(
  signup: SignupState,
  locale: Locale,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const [offered, coupons] = await Promise.all([
    criteriaPackagesQueries(signupPricingCriteria(signup), locale, fetchJson),
    fetchJson(couponsPath(signup.signupId)).then(readCoupons),
  ]);
  return [
    ...offered,
    {
      queryKey: couponsQueryOptions({ signupId: signup.signupId }, locale).queryKey,
      data: coupons,
    },
  ];
}

/**
 * The pricing group of the criteria and its packages in the page's language, read on the server
 * (the invited co-parent's packages: their saved country, else their phone).
 */
export async function criteriaPackagesQueries(
  criteria: PricingCriteria,
  locale: Locale,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const group = await readPricingGroup(await fetchJson(pricingGroupPath(criteria)));
  const queries: ServerQuery[] = [
    { queryKey: pricingGroupQueryOptions(criteria).queryKey, data: group },
  ];
  if (group.packageIds.length > 0) {
    const packages = await readPackages(
      await fetchJson(packagesPath(group.packageIds, group.country)),
    );
    const { queryKey } = packagesQueryOptions(group.packageIds, group.country, locale);
    queries.push({ queryKey, data: packages });
  }
  return queries;
}
