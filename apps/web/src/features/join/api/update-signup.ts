import {
  type UpdateSignupRequestSchema,
  type UpdateSignupResponse,
  UpdateSignupResponseSchema,
} from '@coparent/domain';
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
}: UpdateSignupInput): Promise<UpdateSignupResponse> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}`, {
    method: 'PATCH',
    body,
    registrationKey,
    // A discount link's referrer key rides on the family step (the server decides if it counts).
    headers: body.sections[0] === 'FAMILY' ? referrerKeyHeader() : undefined,
  });
  // The PACKAGE save's extras only spare the next screen a call: an answer without them (or
  // one not understood) still saved, and the next screen asks for what it needs.
  const parsed = UpdateSignupResponseSchema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const { validationErrors } = (answer ?? {}) as Partial<UpdateSignupResponse>;
  return { validationErrors: Array.isArray(validationErrors) ? validationErrors : [] };
}

export function useUpdateSignup() {
  return useMutation({ mutationKey: ['signups', 'update'], mutationFn: updateSignup });
}
