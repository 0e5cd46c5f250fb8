import {
  type ResendCoParentEmailResponse,
  ResendCoParentEmailResponseSchema,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * POST /v2/account/coparent-invitation-email (the session cookie): 200 `{ sentTo }`, or an
 * ApiError with 409's at `form` (no emailed invitation, already joined, a link sent too recently),
 * 401 logged out.
 */
async function resendCoParentEmail(): Promise<ResendCoParentEmailResponse> {
  const answer = await apiRequest<unknown>('/v2/account/coparent-invitation-email', {
    method: 'POST',
  });
  return parseAnswer(ResendCoParentEmailResponseSchema, answer);
}

/** Emails the invitation again with a new link; the home is read again after. */
export function useResendCoParentEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendCoParentEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
