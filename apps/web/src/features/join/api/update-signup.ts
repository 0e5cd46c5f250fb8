import type { UpdateSignupRequestSchema, ValidationErrorsResponse } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { referrerKeyHeader } from '../../../lib/discount-link';

export type UpdateSignupInput = {
  signupId: string;
  registrationKey: string;
  /** A section as sent (before the schema's defaults), e.g. PACKAGE without `buildYourOwn`. */
  body: z.input<typeof UpdateSignupRequestSchema>;
};

export async function updateSignup({
  signupId,
  registrationKey,
  body,
}: UpdateSignupInput): Promise<ValidationErrorsResponse> {
  const answer = await apiRequest<Partial<ValidationErrorsResponse> | undefined>(
    `/v2/signups/${encodeURIComponent(signupId)}`,
    {
      method: 'PATCH',
      body,
      registrationKey,
      // A discount link's referrer key rides on the family step (the server decides if it counts).
      headers: body.sections[0] === 'FAMILY' ? referrerKeyHeader() : undefined,
    },
  );
  return { validationErrors: answer?.validationErrors ?? [] };
}

export function useUpdateSignup() {
  return useMutation({ mutationKey: ['signups', 'update'], mutationFn: updateSignup });
}
