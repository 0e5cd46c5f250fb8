import type { UpdateBillingSectionRequestInput, ValidationError } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SaveBillingInput = {
  signupId: string;
  registrationKey: string;
  body: UpdateBillingSectionRequestInput;
};

/** The answer, or null when the server answered nothing (spec 001 §7: 'unexpected error'). */
export type SaveBillingAnswer = {
  validationErrors: ValidationError[];
  consentRequired?: boolean;
} | null;

/**
 * PATCH /v2/signups/{signupId} with sections ['PARENT', 'ADDRESS', 'REFERRAL']: the billing
 * address, the time zone and the referral answer. 422 `validationErrors` saves nothing.
 */
export async function saveBilling({
  signupId,
  registrationKey,
  body,
}: SaveBillingInput): Promise<SaveBillingAnswer> {
  const answer = await apiRequest<Partial<NonNullable<SaveBillingAnswer>> | undefined>(
    `/v2/signups/${encodeURIComponent(signupId)}`,
    { method: 'PATCH', body, registrationKey },
  );
  if (!answer || typeof answer !== 'object') return null;
  return {
    validationErrors: Array.isArray(answer.validationErrors) ? answer.validationErrors : [],
    ...(typeof answer.consentRequired === 'boolean'
      ? { consentRequired: answer.consentRequired }
      : {}),
  };
}

export function useSaveBilling() {
  return useMutation({ mutationKey: ['checkout', 'billing'], mutationFn: saveBilling });
}
