import type { SignupState } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/**
 * POST /v2/signups/resume with the resume email's token: the signup, whose new key the answer
 * sets in the HttpOnly cookie; 410 RESUME_LINK_INVALID for a used, expired or unknown link.
 */
async function resumeSignup(token: string): Promise<SignupState> {
  const answer = await apiRequest<unknown>('/v2/signups/resume', {
    method: 'POST',
    body: { token },
  });
  const { SignupStateSchema } = await import('@/lib/signup-schemas');
  return parseAnswer(SignupStateSchema, answer, 'signup answer');
}

export function useResumeSignup() {
  return useMutation({ mutationKey: ['signups', 'resume'], mutationFn: resumeSignup });
}
