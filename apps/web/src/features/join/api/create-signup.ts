import type { CreateSignupRequest, CreateSignupResponse } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function createSignup(body: CreateSignupRequest): Promise<CreateSignupResponse> {
  return apiRequest<CreateSignupResponse>('/v2/signups', { method: 'POST', body });
}

export function useCreateSignup() {
  return useMutation({ mutationKey: ['signups', 'create'], mutationFn: createSignup });
}
