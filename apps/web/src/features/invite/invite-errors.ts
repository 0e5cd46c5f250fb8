import {
  INVITE_PATHS,
  type InvitePath,
  isInviteAuthFailure,
  isInviteCompletedProblem,
} from '@coparent/domain';
import { isApiError } from '@/lib/api-client';

/**
 * The spec's "auth fail" of an invited call: status 403 or 112, or the message
 * 'auth.fail.message'. The invite is expired or invalid: the browser goes to /invite/request.
 */
export function isInviteAuthError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (isInviteAuthFailure(error.status) || error.message === 'auth.fail.message')
  );
}

/** The token check's refusal of a finished invite: "You're all set", log in. */
export function isInviteCompleted(error: unknown): boolean {
  return isApiError(error) && isInviteCompletedProblem(error.body);
}

/**
 * 403 `INVITE_USER_MISMATCH`: a user id that is not the token's (a stale one). On the step-1 save
 * this is the spec's "403 resets state and goes to /invite/step1".
 */
export function isInviteUserMismatch(error: unknown): boolean {
  return isApiError(error) && error.code === 'INVITE_USER_MISMATCH';
}

const KNOWN_PATHS = new Set<string>(Object.values(INVITE_PATHS));

/** The server's `nextPath` when it is one of the invited screens, else the fallback. */
export function inviteNextPath(nextPath: string | null, fallback: InvitePath): InvitePath {
  return nextPath && KNOWN_PATHS.has(nextPath) ? (nextPath as InvitePath) : fallback;
}
