import type { UpdateSignupRequest, ValidationErrorsResponse } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type UpdateSignupInput = {
  signupId: string;
  registrationKey: string;
  body: UpdateSignupRequest;
};

export async function updateSignup({
  signupId,
  registrationKey,
  body,
}: UpdateSignupInput): Promise<ValidationErrorsResponse> {
  const answer = await apiRequest<Partial<ValidationErrorsResponse> | undefined>(
    `/v2/signups/${encodeURIComponent(signupId)}`,
    { method: 'PATCH', body, registrationKey },
  );
  return { validationErrors: answer?.validationErrors ?? [] };
}

export function useUpdateSignup() {
  return useMutation({ mutationKey: ['signups', 'update'], mutationFn: updateSignup });
}
