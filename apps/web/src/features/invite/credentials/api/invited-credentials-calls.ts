import {
  type InviteCredentialsTokenResponse,
  InviteCredentialsTokenResponseSchema,
  type InvitedUser,
  InvitedUserSchema,
  type UpdateInvitedUserRequestInput,
  type UpdateInvitedUserResponse,
} from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { inviteAuthHeaders } from '@/stores/invite-token';

// The invited calls of /invite/credentials, each with the invite
// token as a bearer token. 403 (INVITE_INVALID, INVITE_USER_MISMATCH) means "go to /invite/request".

type InviteCall = { token: string; userId: string };

/** GET /v2/users/:userId: the invited parent as saved (email, referral, security question). */
export async function getInvitedUser({ token, userId }: InviteCall): Promise<InvitedUser> {
  const answer = await apiRequest<unknown>(`/v2/users/${encodeURIComponent(userId)}`, {
    headers: inviteAuthHeaders(token),
  });
  return parseAnswer(InvitedUserSchema, answer);
}

export function useInvitedUser(call: InviteCall) {
  return useQuery({
    queryKey: ['invite', 'user', call.userId, call.token],
    queryFn: () => getInvitedUser(call),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /v2/users/:userId/credentials-token: a single-use credentials token when the payment did
 * not hand one over (Parent A paid, a professional's family). 409 CREDENTIALS_ALREADY_SET.
 */
export async function requestCredentialsToken({
  token,
  userId,
}: InviteCall): Promise<InviteCredentialsTokenResponse> {
  const answer = await apiRequest<unknown>(
    `/v2/users/${encodeURIComponent(userId)}/credentials-token`,
    { method: 'POST', headers: inviteAuthHeaders(token) },
  );
  return parseAnswer(InviteCredentialsTokenResponseSchema, answer);
}

/** POST /v2/users/:userId/terms (no body): any failure is "cannot set agreed to terms". */
export function agreeToTerms({ token, userId }: InviteCall): Promise<unknown> {
  return apiRequest(`/v2/users/${encodeURIComponent(userId)}/terms`, {
    method: 'POST',
    headers: inviteAuthHeaders(token),
  });
}

/** PUT /v2/users/:userId/marketing-opt-in, the body the JSON literal `true` or `false`. */
export function setMarketingOptIn({
  token,
  userId,
  optIn,
}: InviteCall & { optIn: boolean }): Promise<unknown> {
  return apiRequest(`/v2/users/${encodeURIComponent(userId)}/marketing-opt-in`, {
    method: 'PUT',
    body: optIn,
    headers: inviteAuthHeaders(token),
  });
}

/** PATCH /v2/users/:userId: here the REFERRAL, SECURITY_QUESTION and SECURITY_CODE sections. */
export function updateInvitedUser({
  token,
  userId,
  body,
}: InviteCall & { body: UpdateInvitedUserRequestInput }): Promise<UpdateInvitedUserResponse> {
  return apiRequest<UpdateInvitedUserResponse>(`/v2/users/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
    headers: inviteAuthHeaders(token),
  });
}
