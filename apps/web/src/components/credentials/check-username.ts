import { type UsernameCheckResponse, UsernameCheckResponseSchema } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

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
  const parsed = UsernameCheckResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected answer' });
  }
  return parsed.data;
}

export function useCheckUsername() {
  return useMutation({ mutationKey: ['credentials', 'username'], mutationFn: checkUsername });
}
