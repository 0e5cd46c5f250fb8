import {
  type ResendCoParentTextInput,
  type ResendCoParentTextResponse,
  ResendCoParentTextResponseSchema,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * POST /v2/account/coparent-invitation-text (the session cookie): 200 `{ sentTo,
 * resendAvailableAt }`, or an ApiError with 422 field errors (`phoneCountryCode`, `phoneNumber`)
 * or 409's at `form` (once a day, already joined), 401 logged out.
 */
async function resendCoParentText(
  body: ResendCoParentTextInput,
): Promise<ResendCoParentTextResponse> {
  const answer = await apiRequest<unknown>('/v2/account/coparent-invitation-text', {
    method: 'POST',
    body,
  });
  return parseAnswer(ResendCoParentTextResponseSchema, answer);
}

/** Sends the invitation again; the home is read again after (its number and state). */
export function useResendCoParentText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendCoParentText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
