import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { inviteNextPath, isInviteAuthError, isInviteUserMismatch } from './invite-errors';

const error = (status: number, code = `HTTP_${status}`, message = 'failed') =>
  new ApiError({ status, code, message });

describe('invited call failures', () => {
  it("treat 403, the spec's 112 and 'auth.fail.message' as an expired or invalid invite", () => {
    expect(isInviteAuthError(error(403, 'INVITE_INVALID'))).toBe(true);
    expect(isInviteAuthError(error(112))).toBe(true);
    expect(isInviteAuthError(error(401, 'HTTP_401', 'auth.fail.message'))).toBe(true);
    expect(isInviteAuthError(error(500))).toBe(false);
    expect(isInviteAuthError(new Error('auth.fail.message'))).toBe(false);
  });

  it('tell a stale user id apart', () => {
    expect(isInviteUserMismatch(error(403, 'INVITE_USER_MISMATCH'))).toBe(true);
    expect(isInviteUserMismatch(error(403, 'INVITE_INVALID'))).toBe(false);
  });

  it("follow the server's next path only to an invited screen", () => {
    expect(inviteNextPath('/invite/billing-info', '/invite/packages')).toBe('/invite/billing-info');
    expect(inviteNextPath(null, '/invite/packages')).toBe('/invite/packages');
    expect(inviteNextPath('https://example.com/', '/invite/payment')).toBe('/invite/payment');
  });
});
