import { type InvitedUser, InvitedUserSchema } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { type ServerFetch, type ServerQuery, staleUnlessWritten } from '@/lib/server-queries';
import { inviteAuthHeaders } from '@/stores/invite-token';

/**
 * GET /v2/users/{userId} with the invite token: the invited parent as saved (name, email, phone,
 * address, the package choice). 403 for an invalid token or another user's id.
 */
export async function getInvitedUser(token: string, userId: string): Promise<InvitedUser> {
  const answer = await apiRequest<unknown>(invitedUserPath(userId), {
    headers: inviteAuthHeaders(token),
  });
  return parseAnswer(InvitedUserSchema, answer);
}

const invitedUserPath = (userId: string) => `/v2/users/${encodeURIComponent(userId)}`;

/**
 * The invited user as saved, read on the server for a page it writes (the browser's invite
 * cookie authorises the call, as it does the tab's).
 */
export async function invitedUserQuery(
  userId: string,
  fetchJson: ServerFetch,
): Promise<{ user: InvitedUser; query: ServerQuery }> {
  const user = parseAnswer(InvitedUserSchema, await fetchJson(invitedUserPath(userId)));
  return { user, query: { queryKey: invitedUserQueryKey(userId), data: user } };
}

/** The query key holds the user id, never the token (a secret). */
function invitedUserQueryKey(userId: string) {
  return ['invite', 'user', userId] as const;
}

export function useInvitedUser(token: string, userId: string) {
  return useQuery({
    queryKey: invitedUserQueryKey(userId),
    queryFn: () => getInvitedUser(token, userId),
    staleTime: staleUnlessWritten,
  });
}
