import {
  type ChangeEmailInput,
  type ChangeEmailResponse,
  ChangeEmailResponseSchema,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/**
 * POST /v2/account/email (the session cookie): 200 `{ email }`, or an ApiError with the 422's
 * field errors (`email`, `currentPassword`), 429 after repeated wrong passwords, 401 logged out.
 */
async function changeAccountEmail(body: ChangeEmailInput): Promise<ChangeEmailResponse> {
  const answer = await apiRequest<unknown>('/v2/account/email', { method: 'POST', body });
  return parseAnswer(ChangeEmailResponseSchema, answer);
}

/** The change; the account's cached data (the session's email among it) is read again after. */
export function useChangeAccountEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccountEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  });
}
