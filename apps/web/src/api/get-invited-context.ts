import { type InvitedContext, InvitedContextSchema } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { useAnnounceSupportCountry } from '@/lib/support-country';
import { inviteAuthHeaders } from '@/stores/invite-token';

/**
 * GET /v2/invites/current with the invite token as a bearer token: the invited context (family
 * members, the professional, whether the subscription is paid). 403 `INVITE_INVALID` when the
 * token is missing, unknown, expired or replaced.
 */
async function getInvitedContext(token: string): Promise<InvitedContext> {
  const answer = await apiRequest<unknown>(INVITED_CONTEXT_PATH, {
    headers: inviteAuthHeaders(token),
  });
  return readInvitedContext(answer);
}

const INVITED_CONTEXT_PATH = '/v2/invites/current';
const readInvitedContext = (answer: unknown) => parseAnswer(InvitedContextSchema, answer);

function invitedContextQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['invite', 'current', token],
    queryFn: () => getInvitedContext(token ?? ''),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** The invited context, read on the server for the welcome it writes (the link's token). */
export async function invitedContextQueries(
  token: string,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const answer = await fetchJson(INVITED_CONTEXT_PATH, { bearer: token });
  const { queryKey } = invitedContextQueryOptions(token);
  return [{ queryKey, data: readInvitedContext(answer) }];
}

/** The invited context; the support lines follow its billing country while it is shown. */
export function useInvitedContext(token: string | null) {
  const context = useQuery(invitedContextQueryOptions(token));
  useAnnounceSupportCountry(context.data?.address.country);
  return context;
}
