import type { ProValidatorResponse, ProValidatorStep } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { getAnonymousId } from '@/lib/anonymous-id';
import { apiRequest } from '@/lib/api-client';

type ValidateProStepInput = {
  step: ProValidatorStep;
  values: Record<string, unknown>;
  /** When the person started the form (ISO 8601). */
  activityStart: string;
};

/**
 * `POST /v2/professional/users/validator`: the server checks one step. 200 `{ valid: true }`; a
 * 409 `{ validationErrors }` arrives as an ApiError whose `fieldErrors` hold the server's texts.
 */
function validateProStep({
  step,
  values,
  activityStart,
}: ValidateProStepInput): Promise<ProValidatorResponse> {
  return apiRequest<ProValidatorResponse>('/v2/professional/users/validator', {
    method: 'POST',
    body: { step, values },
    headers: { 'x-anonymous-id': getAnonymousId(), 'x-activity-start': activityStart },
  });
}

export function useValidateProStep() {
  return useMutation({ mutationKey: ['professional', 'validate'], mutationFn: validateProStep });
}
