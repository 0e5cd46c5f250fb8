import { SIGNUP_POSTED_COOKIE, type SignupState } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { isAppError } from '../errors.js';
import { readCookie } from '../http/cookies.js';
import { credentialsTokenFromCookie } from '../modules/credentials/credentials-cookie.js';
import type { SessionAuth } from '../modules/session/session-auth.js';
import type { SignupService } from '../modules/signup/service.js';
import { readCookieSignup, signupFromCookie } from '../modules/signup/signup-cookie.js';

/**
 * The join pages after the payment, written with the paid signup the browser's key cookie names,
 * with a script or without (docs/decisions/053): /credentials for the browser that paid (the
 * payment's token in its HttpOnly cookie), /receipt for its owner (logged in as the parent the
 * payment created, as setting the credentials does) or a browser that posted the funnel's forms
 * within the hour. Any other browser gets the app's shell, and the tab decides from what it kept.
 */
export const PAID_SIGNUP_PAGE_PATHS: ReadonlySet<string> = new Set(['/credentials', '/receipt']);

type PaidPageDeps = {
  signups: Pick<SignupService, 'get' | 'authorizeForCheckout'>;
  sessions: Pick<SessionAuth, 'resolve'>;
};

/** Is the browser logged in as the parent the cookie's paid signup created? */
async function isOwnersBrowser(deps: PaidPageDeps, request: FastifyRequest): Promise<boolean> {
  const fromCookie = signupFromCookie(request);
  if (!fromCookie) return false;
  const session = await deps.sessions.resolve(request);
  if (!session) return false;
  try {
    const { row } = await deps.signups.authorizeForCheckout(
      fromCookie.signupId,
      fromCookie.registrationKey,
    );
    return row.userId !== null && row.userId === session.userId;
  } catch (error) {
    // Another key, an unknown signup: not this browser's receipt.
    if (isAppError(error) && error.status < 500) return false;
    throw error;
  }
}

/** Whether the browser's request lets the server write this paid page. */
async function mayWrite(
  deps: PaidPageDeps,
  request: FastifyRequest,
  joinPath: string,
): Promise<boolean> {
  if (joinPath === '/credentials') {
    // The receipt email's link (`?token=`) is the app's, whatever this browser's cookie holds.
    const query = new URL(request.url, 'http://localhost').searchParams;
    return !query.has('token') && credentialsTokenFromCookie(request) !== undefined;
  }
  if (joinPath === '/receipt') {
    return (
      Boolean(readCookie(request.headers.cookie, SIGNUP_POSTED_COOKIE)) ||
      (await isOwnersBrowser(deps, request))
    );
  }
  return false;
}

/**
 * The paid signup the page is written with, or undefined (not such a page, no cookie, no paid
 * signup, not its owner, the database away): the app's shell then.
 */
export async function paidPageSignup(
  deps: PaidPageDeps,
  request: FastifyRequest,
  joinPath: string,
): Promise<SignupState | undefined> {
  try {
    if (!(await mayWrite(deps, request, joinPath))) return undefined;
    const signup = await readCookieSignup(deps.signups, request);
    return signup?.paid ? signup : undefined;
  } catch (error) {
    // The name only: a query's error carries its parameters (emails, key hashes).
    request.log.warn({ error: (error as Error).name }, 'paid signup not read for the page');
    return undefined;
  }
}
