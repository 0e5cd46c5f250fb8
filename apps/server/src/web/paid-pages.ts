import { SIGNUP_POSTED_COOKIE, type SignupState } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '../http/cookies.js';
import type { SignupService } from '../modules/signup/service.js';
import { readCookieSignup } from '../modules/signup/signup-cookie.js';
import { credentialsTokenFromCookie } from './credentials-cookie.js';

/**
 * The join pages after the payment, written with the paid signup the browser's cookie names:
 * /credentials for a browser holding the credentials token cookie (a payment posted as a form),
 * /receipt for one that posted a step as a form within the hour. Any other browser gets the app's
 * shell, and the tab decides from what it kept (as before).
 */
export const PAID_SIGNUP_PAGE_PATHS: ReadonlySet<string> = new Set(['/credentials', '/receipt']);

/** Whether the browser's request lets the server write this paid page. */
function mayWrite(request: FastifyRequest, joinPath: string): boolean {
  if (joinPath === '/credentials') {
    // The receipt email's link (`?token=`) is the app's, whatever this browser's cookie holds.
    const query = new URL(request.url, 'http://localhost').searchParams;
    return !query.has('token') && credentialsTokenFromCookie(request) !== undefined;
  }
  if (joinPath === '/receipt')
    return Boolean(readCookie(request.headers.cookie, SIGNUP_POSTED_COOKIE));
  return false;
}

/**
 * The paid signup the page is written with, or undefined (not such a page, no cookie, no paid
 * signup, the database away): the app's shell then.
 */
export async function paidPageSignup(
  signups: Pick<SignupService, 'get'>,
  request: FastifyRequest,
  joinPath: string,
): Promise<SignupState | undefined> {
  if (!mayWrite(request, joinPath)) return undefined;
  try {
    const signup = await readCookieSignup(signups, request);
    return signup?.paid ? signup : undefined;
  } catch (error) {
    // The name only: a query's error carries its parameters (emails, key hashes).
    request.log.warn({ error: (error as Error).name }, 'paid signup not read for the page');
    return undefined;
  }
}
