import { dialCodeDigits, type PhoneCodeId, type PricingLookupResponse } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/** What the pricing group is looked up by: a country, or a phone (country code without the plus). */
export type PricingCriteria = {
  country?: string;
  countryCode?: string;
  phoneNumber?: string;
};

/** The step-1 phone as pricing criteria: the country code without the plus, and the number. */
export function phonePricingCriteria(
  countryCode: PhoneCodeId | undefined,
  phoneNumber: string | undefined,
  country?: string,
): PricingCriteria {
  return {
    ...(country ? { country } : {}),
    ...(countryCode ? { countryCode: dialCodeDigits(countryCode) } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  };
}

/** GET /v2/pricing's URL: the visitor's pricing group and its package ids, in card order. */
export function pricingGroupPath(criteria: PricingCriteria): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(criteria)) {
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/v2/pricing${query ? `?${query}` : ''}`;
}

export async function readPricingGroup(answer: unknown): Promise<PricingLookupResponse> {
  const { PricingLookupResponseSchema } = await import('./answer-schemas');
  return parseAnswer(PricingLookupResponseSchema, answer, 'pricing answer');
}

async function getPricingGroup(criteria: PricingCriteria): Promise<PricingLookupResponse> {
  return readPricingGroup(await apiRequest<unknown>(pricingGroupPath(criteria)));
}

export function pricingGroupQueryOptions(criteria: PricingCriteria) {
  return queryOptions({
    queryKey: [
      'pricing',
      criteria.country ?? '',
      criteria.countryCode ?? '',
      criteria.phoneNumber ?? '',
    ],
    queryFn: () => getPricingGroup(criteria),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePricingGroup(criteria: PricingCriteria, { enabled = true } = {}) {
  return useQuery({ ...pricingGroupQueryOptions(criteria), enabled });
}
