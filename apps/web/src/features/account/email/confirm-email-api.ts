import {
  type ConfirmEmailChangeResponse,
  ConfirmEmailChangeResponseSchema,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * POST /v2/account/email/confirm `{ token }` (no session needed): 200 `{ email }`; 410
 * EMAIL_CHANGE_INVALID for a used, expired, replaced or canceled link; 409 at `form` when another
 * account took the address meanwhile.
 */
async function confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
  const answer = await apiRequest<unknown>('/v2/account/email/confirm', {
    method: 'POST',
    body: { token },
  });
  return parseAnswer(ConfirmEmailChangeResponseSchema, answer);
}

/** The confirmation; a logged-in tab reads its account (the session's email) again after. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
