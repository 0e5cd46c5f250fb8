import { type Receipt, ReceiptSchema, type SignupState } from '@coparent/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';

/**
 * GET /v2/signups/{signupId}/receipt: the receipt of a paid signup (the key from the browser's
 * cookie). The receipt page a browser without a script opens after paying is written with it.
 */
export const signupReceiptPath = (signupId: string) =>
  `/v2/signups/${encodeURIComponent(signupId)}/receipt`;

export function readSignupReceipt(answer: unknown): Receipt {
  return parseAnswer(ReceiptSchema, answer, 'receipt');
}

/** The query key holds the signup id, never the registration key (a secret). */
export function signupReceiptQueryOptions(signupId: string) {
  return queryOptions({
    queryKey: ['signup-receipt', signupId],
    queryFn: async () => readSignupReceipt(await apiRequest<unknown>(signupReceiptPath(signupId))),
    // A paid signup's receipt does not change.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** What the receipt page reads for a paid signup, read on the server. */
export async function signupReceiptQueries(
  signup: Pick<SignupState, 'signupId'>,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  const receipt = readSignupReceipt(await fetchJson(signupReceiptPath(signup.signupId)));
  return [{ queryKey: signupReceiptQueryOptions(signup.signupId).queryKey, data: receipt }];
}
