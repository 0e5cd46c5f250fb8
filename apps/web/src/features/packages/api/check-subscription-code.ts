import type { CodeCheckResponse } from '@coparent/domain';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

/**
 * POST /v2/signups/{signupId}/codes/check: one subscription code against every package the
 * signup is offered, in one call. 422 at `code` says why it pays for none.
 */
export async function checkSubscriptionCode(
  { signupId, registrationKey }: SignupKey,
  code: string,
): Promise<CodeCheckResponse> {
  const answer = await apiRequest<unknown>(
    `/v2/signups/${encodeURIComponent(signupId)}/codes/check`,
    { method: 'POST', body: { code }, registrationKey },
  );
  const { CodeCheckResponseSchema } = await import('./answer-schemas');
  return parseAnswer(CodeCheckResponseSchema, answer, 'code check');
}
