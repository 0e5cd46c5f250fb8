import { type SignupState, SignupStateSchema } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export async function getSignup(signupId: string, registrationKey: string): Promise<SignupState> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}`, {
    registrationKey,
  });
  const parsed = SignupStateSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: 'Unexpected signup answer',
    });
  }
  return parsed.data;
}

/** The query key holds the signup id only: the registration key is a secret. */
export function signupQueryOptions(signupId: string, registrationKey: string) {
  return queryOptions({
    queryKey: ['signups', signupId],
    queryFn: () => getSignup(signupId, registrationKey),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Reads the stored signup once per mount of the screen that calls it. */
export function useSignup(signupId: string | undefined, registrationKey: string | undefined) {
  return useQuery({
    ...signupQueryOptions(signupId ?? '', registrationKey ?? ''),
    enabled: Boolean(signupId && registrationKey),
  });
}
