import type { SignupState } from '@coparent/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

export async function getSignup(signupId: string, registrationKey: string): Promise<SignupState> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}`, {
    registrationKey,
  });
  const { SignupStateSchema } = await import('@/lib/signup-schemas');
  return parseAnswer(SignupStateSchema, answer, 'signup answer');
}

/** How long a save's answer stands for the signup read: long enough for the next screen to open. */
const SAVE_ANSWER_FRESH_MS = 30 * 1000;

/** When each signup's cached copy was last written from a save's answer (its `dataUpdatedAt`). */
const saveAnswerAt = new Map<string, number>();

/**
 * Is the cached copy of this signup the answer of a save rather than a read? Such an answer is
 * what a read would give, so the screen after the save shows it without reading again (one
 * round trip fewer). Compared by the copy's time, so a later read is a read again.
 */
function isSaveAnswer(signupId: string, dataUpdatedAt: number): boolean {
  return saveAnswerAt.get(signupId) === dataUpdatedAt;
}

/**
 * The query key holds the signup id only: the registration key is a secret. A read is stale at
 * once (each screen reads the signup as it opens); a save's answer stands for a few seconds, and
 * is kept that long without a screen watching it (the next screen's chunk may still be loading).
 */
function signupQueryOptions(signupId: string, registrationKey: string) {
  return queryOptions({
    queryKey: ['signups', signupId],
    queryFn: () => getSignup(signupId, registrationKey),
    staleTime: (query) =>
      isSaveAnswer(signupId, query.state.dataUpdatedAt) ? SAVE_ANSWER_FRESH_MS : 0,
    gcTime: SAVE_ANSWER_FRESH_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Keeps a save's answer as the signup's read (see signupQueryOptions). */
export function seedSignupRead(queryClient: QueryClient, signup: SignupState) {
  const { queryKey } = signupQueryOptions(signup.signupId, '');
  queryClient.setQueryData(queryKey, signup);
  const cached = queryClient.getQueryState(queryKey);
  if (cached) saveAnswerAt.set(signup.signupId, cached.dataUpdatedAt);
}

/** Reads the stored signup once per mount of the screen that calls it (a fresh save's answer aside). */
export function useSignup(signupKey: SignupKey | null) {
  return useQuery({
    ...signupQueryOptions(signupKey?.signupId ?? '', signupKey?.registrationKey ?? ''),
    enabled: signupKey !== null,
  });
}

/**
 * The signup as a screen that follows a save should show it: an answer read for this screen, or
 * the save's own answer; `undefined` while only an older cached copy is there (it
 * may predate the save). On a screen the server wrote, the signup it was written with stands
 * until the read answers (it was read for this page). With the query, for its error and refetch.
 */
export function useCurrentSignup(signupKey: SignupKey | null, written?: SignupState) {
  const signup = useSignup(signupKey);
  const isCurrent =
    signup.isFetchedAfterMount ||
    (signupKey !== null && isSaveAnswer(signupKey.signupId, signup.dataUpdatedAt));
  if (isCurrent) return { signup, current: signup.data };
  const isWrittenOne = written !== undefined && written.signupId === signupKey?.signupId;
  return { signup, current: isWrittenOne && !signup.isError ? written : undefined };
}
