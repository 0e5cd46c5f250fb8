import type { CouponsResponse, Locale } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export type SignupCredentials = { signupId: string; registrationKey: string };

/** GET /v2/signups/{signupId}/coupons: the signup's referrer discount, then public promotions. */
async function getCoupons({
  signupId,
  registrationKey,
}: SignupCredentials): Promise<CouponsResponse> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}/coupons`, {
    registrationKey,
  });
  // The layout's discount banner reads coupons on every funnel page: the schema (and zod) load
  // only when an answer needs parsing, not in the entry every screen pays for (issue [F8]).
  const { CouponsResponseSchema } = await import('./coupons-schema');
  const parsed = CouponsResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected coupons' });
  }
  return parsed.data;
}

/** The query key holds the signup id, never the registration key, which is a secret. */
function couponsQueryOptions(credentials: SignupCredentials, locale: Locale) {
  return queryOptions({
    queryKey: ['coupons', credentials.signupId, locale],
    queryFn: () => getCoupons(credentials),
    staleTime: 30 * 1000,
    retry: false,
  });
}

/** The signup's coupons; ask only once the family step is saved (the referrer is attached there). */
export function useCoupons(
  credentials: Partial<SignupCredentials>,
  locale: Locale,
  { enabled = true } = {},
) {
  const { signupId = '', registrationKey = '' } = credentials;
  return useQuery({
    ...couponsQueryOptions({ signupId, registrationKey }, locale),
    enabled: enabled && Boolean(signupId && registrationKey),
  });
}
