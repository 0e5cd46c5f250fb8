import {
  type CreateProfessionalRequest,
  type CreateProfessionalResponse,
  CreateProfessionalResponseSchema,
} from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/** `POST /v2/professional/users`: every field of the three steps, flat → 201 `{ user }`. */
async function createProfessional(
  body: CreateProfessionalRequest,
): Promise<CreateProfessionalResponse> {
  const answer = await apiRequest<unknown>('/v2/professional/users', { method: 'POST', body });
  return parseAnswer(CreateProfessionalResponseSchema, answer, 'answer', 201);
}

export function useCreateProfessional() {
  return useMutation({ mutationKey: ['professional', 'create'], mutationFn: createProfessional });
}
