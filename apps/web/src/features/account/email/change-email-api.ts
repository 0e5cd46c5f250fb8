import {
  type AccountEmailStatus,
  AccountEmailStatusSchema,
  type ChangeEmailInput,
  type ChangeEmailResponse,
  ChangeEmailResponseSchema,
  type PendingEmailChange,
} from '@coparent/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

const EMAIL_PATH = '/v2/account/email';
/** Under the account key: logging in or out resets it with the rest. */
const ACCOUNT_EMAIL_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'email'] as const;

/** GET /v2/account/email: the address and the change waiting for its link; 401 logged out. */
async function getAccountEmail(): Promise<AccountEmailStatus> {
  return parseAnswer(AccountEmailStatusSchema, await apiRequest<unknown>(EMAIL_PATH));
}

/**
 * POST /v2/account/email (the session cookie): 202 `{ pending }` (a link went to the new address),
 * or an ApiError with the 422's field errors (`email`, `currentPassword`), 409 at `form` after
 * too many requests, 429 after repeated wrong passwords, 401 logged out.
 */
async function requestEmailChange(body: ChangeEmailInput): Promise<ChangeEmailResponse> {
  const answer = await apiRequest<unknown>(EMAIL_PATH, { method: 'POST', body });
  return parseAnswer(ChangeEmailResponseSchema, answer);
}

/** DELETE /v2/account/email/pending: the waiting change's link stops working (204). */
async function cancelEmailChange(): Promise<void> {
  await apiRequest<unknown>(`${EMAIL_PATH}/pending`, { method: 'DELETE' });
}

export function useAccountEmail() {
  return useQuery({ queryKey: ACCOUNT_EMAIL_QUERY_KEY, queryFn: getAccountEmail, staleTime: 0 });
}

/**
 * Either change shows what waits at once (the answer says it), then reads the address and what
 * waits again.
 */
function useEmailMutation<TIn, TOut>(
  mutationFn: (input: TIn) => Promise<TOut>,
  pendingAfter: (answer: TOut) => PendingEmailChange | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData<AccountEmailStatus>(ACCOUNT_EMAIL_QUERY_KEY, (old) =>
        old ? { ...old, pending: pendingAfter(answer) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ACCOUNT_EMAIL_QUERY_KEY });
    },
  });
}

export const useRequestEmailChange = () =>
  useEmailMutation(requestEmailChange, (answer) => answer.pending);
export const useCancelEmailChange = () => useEmailMutation(cancelEmailChange, () => null);
