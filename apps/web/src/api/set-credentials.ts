import type { SetCredentialsRequest, SetCredentialsResponse } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

type SetCredentialsInput = { token: string; body: SetCredentialsRequest };

/**
 * POST /v2/credentials with the single-use credentials token: the username and password.
 * 422 `validationErrors` at username or password; 401 CREDENTIALS_TOKEN_INVALID.
 */
export function setCredentials({
  token,
  body,
}: SetCredentialsInput): Promise<SetCredentialsResponse> {
  return apiRequest<SetCredentialsResponse>('/v2/credentials', {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${token}` },
  });
}

export function useSetCredentials() {
  return useMutation({ mutationKey: ['credentials', 'set'], mutationFn: setCredentials });
}
