import { type InvitedContext, InvitedContextSchema } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { useAnnounceSupportCountry } from '@/lib/support-country';
import { inviteAuthHeaders } from '@/stores/invite-token';

/**
 * GET /v2/invites/current with the invite token as a bearer token: the invited context (family
 * members, the professional, whether the subscription is paid). 403 `INVITE_INVALID` when the
 * token is missing, unknown, expired or replaced.
 */
async function getInvitedContext(token: string): Promise<InvitedContext> {
  const answer = await apiRequest<unknown>('/v2/invites/current', {
    headers: inviteAuthHeaders(token),
  });
  return parseAnswer(InvitedContextSchema, answer);
}

/** The invited context; the support lines follow its billing country while it is shown. */
export function useInvitedContext(token: string | null) {
  const context = useQuery({
    queryKey: ['invite', 'current', token],
    queryFn: () => getInvitedContext(token ?? ''),
    enabled: Boolean(token),
    staleTime: 0,
  });
  useAnnounceSupportCountry(context.data?.address.country);
  return context;
}
