import {
  type CreateProfessionalRequest,
  type CreateProfessionalResponse,
  CreateProfessionalResponseSchema,
} from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** `POST /v2/professional/users`: every field of the three steps, flat → 201 `{ user }`. */
async function createProfessional(
  body: CreateProfessionalRequest,
): Promise<CreateProfessionalResponse> {
  const answer = await apiRequest<unknown>('/v2/professional/users', { method: 'POST', body });
  const parsed = CreateProfessionalResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 201, code: 'INVALID_RESPONSE', message: 'Unexpected answer' });
  }
  return parsed.data;
}

export function useCreateProfessional() {
  return useMutation({ mutationKey: ['professional', 'create'], mutationFn: createProfessional });
}
