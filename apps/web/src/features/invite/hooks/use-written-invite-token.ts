import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invitedContextQueryKey } from '@/api/get-invited-context';
import { useHydrated } from '@/lib/use-hydrated';
import { INVITE_IN_COOKIE } from '@/stores/invite-token';

/**
 * `INVITE_IN_COOKIE` when the server wrote this page with the invite the browser's cookie names
 * (its context is in the page's answers), kept by the component that was on the page when the app
 * took it over; null for a screen the tab renders itself, which reads the tab's own token.
 */
export function useWrittenInviteToken(): string | null {
  const client = useQueryClient();
  const isHydrated = useHydrated();
  const [written] = useState(() =>
    !isHydrated && client.getQueryData(invitedContextQueryKey(INVITE_IN_COOKIE)) !== undefined
      ? INVITE_IN_COOKIE
      : null,
  );
  return written;
}
