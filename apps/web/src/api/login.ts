import { type LoginResponse, LoginResponseSchema } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

type LoginInput = { username: string; password: string };

/**
 * POST /v2/login, the spec's login form post (submit 'Sign In', event id 'submit'): the server
 * sets the http-only session cookie and answers `{ url, redirectUrl, auth, userId }`.
 */
export async function login({ username, password }: LoginInput): Promise<LoginResponse> {
  const answer = await apiRequest<unknown>('/v2/login', {
    method: 'POST',
    body: { username, password, submit: 'Sign In', eventId: 'submit' },
  });
  return parseAnswer(LoginResponseSchema, answer, 'login');
}

export function useLogin() {
  return useMutation({ mutationKey: ['credentials', 'login'], mutationFn: login });
}
