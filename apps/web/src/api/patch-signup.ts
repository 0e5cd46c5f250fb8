import { apiRequest } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

type PatchSignupInput = SignupKey & {
  /** The sections to save (`sections` names them). */
  body: unknown;
  headers?: Record<string, string> | undefined;
};

/**
 * PATCH /v2/signups/{signupId}: saves the body's sections of the signup (every step's save, the
 * checkout's billing among them). The answer is as the sections make it; 422 `validationErrors`
 * saves nothing.
 */
export function patchSignup({
  signupId,
  registrationKey,
  body,
  headers,
}: PatchSignupInput): Promise<unknown> {
  return apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}`, {
    method: 'PATCH',
    body,
    registrationKey,
    headers,
  });
}
