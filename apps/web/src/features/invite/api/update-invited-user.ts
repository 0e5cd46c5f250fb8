import {
  type UpdateInvitedUserRequestInput,
  type UpdateInvitedUserResponse,
  UpdateInvitedUserResponseSchema,
} from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { inviteAuthHeaders } from '@/stores/invite-token';

type UpdateInvitedUserInput = {
  token: string;
  userId: string;
  body: UpdateInvitedUserRequestInput;
};

/**
 * PATCH /v2/users/{userId} with the invite token and the `language` header (the api client sends
 * it, so validation errors come back in the page's language): the saved sections, the progress
 * and where to go next. 422 carries `validationErrors`; 403 an invalid invite or user id.
 */
export async function updateInvitedUser({
  token,
  userId,
  body,
}: UpdateInvitedUserInput): Promise<UpdateInvitedUserResponse> {
  const answer = await apiRequest<unknown>(`/v2/users/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
    headers: inviteAuthHeaders(token),
  });
  return parseAnswer(UpdateInvitedUserResponseSchema, answer);
}

export function useUpdateInvitedUser() {
  return useMutation({ mutationKey: ['invite', 'update'], mutationFn: updateInvitedUser });
}
