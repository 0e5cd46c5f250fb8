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
import { ApiError, apiRequest } from '@/lib/api-client';

function unexpected(): ApiError {
  return new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected answer' });
}

/** POST /v2/account/recovery: SUCCESS (whether or not an account matched) or MULTI. */
async function lookupAccount(body: RecoveryLookupRequest): Promise<RecoveryLookupResponse> {
  const parsed = RecoveryLookupResponseSchema.safeParse(
    await apiRequest<unknown>('/v2/account/recovery', { method: 'POST', body }),
  );
  if (!parsed.success) throw unexpected();
  return parsed.data;
}

/** POST /v2/account/recovery/verify: the emailed code for a reset token (410 once it is over). */
async function verifyCode(body: RecoveryVerifyRequest): Promise<RecoveryVerifyResponse> {
  const parsed = RecoveryVerifyResponseSchema.safeParse(
    await apiRequest<unknown>('/v2/account/recovery/verify', { method: 'POST', body }),
  );
  if (!parsed.success) throw unexpected();
  return parsed.data;
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
