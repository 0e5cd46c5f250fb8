import { type UsernameCheckResponse, UsernameCheckResponseSchema } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

type CheckUsernameInput = { token: string; username: string };

/**
 * GET /v2/credentials/username?username= with the credentials token as a bearer token:
 * `{ available, meetsRequirements }`. Checking does not use the token up. Asked on blur.
 */
export async function checkUsername({
  token,
  username,
}: CheckUsernameInput): Promise<UsernameCheckResponse> {
  const answer = await apiRequest<unknown>(
    `/v2/credentials/username?username=${encodeURIComponent(username)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return parseAnswer(UsernameCheckResponseSchema, answer);
}

export function useCheckUsername() {
  return useMutation({ mutationKey: ['credentials', 'username'], mutationFn: checkUsername });
}
