import { SIGNUP_POSTED_COOKIE, type SignupState } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/**
 * The signup the browser's cookie names, or null: a step 1 posted as a form before the app ran
 * (a slow phone, a script that came late) saved a signup this tab has no copy of.
 */
export async function getCurrentSignup(): Promise<SignupState | null> {
  const answer = await apiRequest<unknown>('/v2/signups/current');
  if (answer === undefined || answer === null) return null;
  const { SignupStateSchema } = await import('@/lib/signup-schemas');
  return parseAnswer(SignupStateSchema, answer, 'signup answer');
}

/** Did a form post save a signup in this browser that the tab may not know (the server says so)? */
export function hasPostedSignup(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith(`${SIGNUP_POSTED_COOKIE}=`));
}

function forgetPostedSignup(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${SIGNUP_POSTED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * Asks once, when `enabled`, for the signup the cookie names (see getCurrentSignup); the server's
 * word that a post saved one is then spent.
 */
export function useCookieSignup(enabled: boolean) {
  return useQuery({
    queryKey: ['signups', 'current'],
    queryFn: async () => {
      const signup = await getCurrentSignup();
      forgetPostedSignup();
      return signup;
    },
    enabled,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
