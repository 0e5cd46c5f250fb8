import type { CouponsResponse, Locale } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

/** GET /v2/signups/{signupId}/coupons: the signup's referrer discount, then public promotions. */
export const couponsPath = (signupId: string) =>
  `/v2/signups/${encodeURIComponent(signupId)}/coupons`;

export async function readCoupons(answer: unknown): Promise<CouponsResponse> {
  // The layout's discount banner reads coupons on every funnel page: the schema (and zod) load
  // only when an answer needs parsing, not in the entry every screen pays for.
  const { CouponsResponseSchema } = await import('./answer-schemas');
  return parseAnswer(CouponsResponseSchema, answer, 'coupons');
}

async function getCoupons({ signupId, registrationKey }: SignupKey): Promise<CouponsResponse> {
  return readCoupons(await apiRequest<unknown>(couponsPath(signupId), { registrationKey }));
}

/** The query key holds the signup id, never the registration key, which is a secret. */
export function couponsQueryOptions(key: SignupKey, locale: Locale) {
  return queryOptions({
    queryKey: ['coupons', key.signupId, locale],
    queryFn: () => getCoupons(key),
    staleTime: 30 * 1000,
    retry: false,
  });
}

/** The signup's coupons; ask only once the family step is saved (the referrer is attached there). */
export function useCoupons(signupKey: SignupKey | null, locale: Locale, { enabled = true } = {}) {
  return useQuery({
    ...couponsQueryOptions(signupKey ?? { signupId: '', registrationKey: '' }, locale),
    enabled: enabled && signupKey !== null,
  });
}
