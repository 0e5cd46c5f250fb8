import { type InvitedContext, InvitedContextSchema } from '@coparent/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { type ServerFetch, type ServerQuery, staleUnlessWritten } from '@/lib/server-queries';
import { useAnnounceSupportCountry } from '@/lib/support-country';
import { INVITE_IN_COOKIE, inviteAuthHeaders } from '@/stores/invite-token';

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

/** The context's query key (the token a tab holds, or `INVITE_IN_COOKIE`). */
export const invitedContextQueryKey = (token: string | null) =>
  ['invite', 'current', token] as const;

function invitedContextQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: invitedContextQueryKey(token),
    queryFn: () => getInvitedContext(token ?? ''),
    enabled: Boolean(token),
    staleTime: staleUnlessWritten,
  });
}

/**
 * The invited context, read on the server for the welcome it writes with the link's token: the
 * same answer puts the token in the HttpOnly cookie, so the page keeps the context under the
 * cookie's key and never holds the token.
 */
export async function invitedContextQueries(
  token: string,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const answer = await fetchJson(INVITED_CONTEXT_PATH, { bearer: token });
  const { queryKey } = invitedContextQueryOptions(INVITE_IN_COOKIE);
  return [{ queryKey, data: readInvitedContext(answer) }];
}

/**
 * The invited context of the invite the browser's HttpOnly cookie names, read on the server for a
 * screen after the welcome: kept under the key of a tab whose token only the cookie holds, so
 * the token is never written in the page.
 */
export async function cookieInvitedContextQuery(
  fetchJson: ServerFetch,
): Promise<{ context: InvitedContext; query: ServerQuery }> {
  const context = readInvitedContext(await fetchJson(INVITED_CONTEXT_PATH));
  const { queryKey } = invitedContextQueryOptions(INVITE_IN_COOKIE);
  return { context, query: { queryKey, data: context } };
}

/** The invited context; the support lines follow its billing country while it is shown. */
export function useInvitedContext(token: string | null) {
  const context = useQuery(invitedContextQueryOptions(token));
  useAnnounceSupportCountry(context.data?.address.country);
  return context;
}
