import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inviteAuthHeaders } from '@/stores/invite-token';

/**
 * POST /v2/invites/request (no body) with the token the browser holds (live, expired or replaced):
 * 200 `{ requested: true }` and a new link is emailed; 404 `INVITE_REQUEST_FAILED` (the spec's 111).
 */
async function requestInviteLink(token: string): Promise<{ requested: boolean }> {
  return apiRequest<{ requested: boolean }>('/v2/invites/request', {
    method: 'POST',
    headers: inviteAuthHeaders(token),
  });
}

export function useRequestInviteLink() {
  return useMutation({ mutationKey: ['invite', 'request'], mutationFn: requestInviteLink });
}
