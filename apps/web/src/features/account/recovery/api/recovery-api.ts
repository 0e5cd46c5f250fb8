import {
  type RecoveryLookupRequest,
  type RecoveryLookupResponse,
  RecoveryLookupResponseSchema,
  type RecoveryResetRequest,
  type RecoveryResetResponse,
  type RecoveryVerifyRequest,
  type RecoveryVerifyResponse,
  RecoveryVerifyResponseSchema,
} from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';

/** POST /v2/account/recovery: SUCCESS (whether or not an account matched) or MULTI. */
async function lookupAccount(body: RecoveryLookupRequest): Promise<RecoveryLookupResponse> {
  return parseAnswer(
    RecoveryLookupResponseSchema,
    await apiRequest<unknown>('/v2/account/recovery', { method: 'POST', body }),
  );
}

/** POST /v2/account/recovery/verify: the emailed code for a reset token (410 once it is over). */
async function verifyCode(body: RecoveryVerifyRequest): Promise<RecoveryVerifyResponse> {
  return parseAnswer(
    RecoveryVerifyResponseSchema,
    await apiRequest<unknown>('/v2/account/recovery/verify', { method: 'POST', body }),
  );
}

/** POST /v2/account/recovery/reset: the new password (410 for a used or expired token). */
function resetPassword(body: RecoveryResetRequest): Promise<RecoveryResetResponse> {
  return apiRequest<RecoveryResetResponse>('/v2/account/recovery/reset', { method: 'POST', body });
}

export function useLookupAccount() {
  return useMutation({ mutationKey: ['recovery', 'lookup'], mutationFn: lookupAccount });
}

export function useVerifyCode() {
  return useMutation({ mutationKey: ['recovery', 'verify'], mutationFn: verifyCode });
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['recovery', 'reset'], mutationFn: resetPassword });
}
