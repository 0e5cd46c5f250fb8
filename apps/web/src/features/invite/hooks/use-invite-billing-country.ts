import { useQuery } from '@tanstack/react-query';
import { getInvitedContext, invitedContextKey } from '../api/get-invited-context';
import { readInviteToken } from '../invite-store';

/**
 * The invited co-parent's billing country, once saved, from the invited context the invite pages
 * already loaded: this observer never fetches (`enabled: false`), yet shares the pages' query
 * function, so their refetches work whoever observes last.
 */
export function useInviteBillingCountry(): string | undefined {
  const token = readInviteToken();
  const { data } = useQuery({
    queryKey: invitedContextKey(token),
    queryFn: () => getInvitedContext(token ?? ''),
    enabled: false,
  });
  return data?.address.country ?? undefined;
}
