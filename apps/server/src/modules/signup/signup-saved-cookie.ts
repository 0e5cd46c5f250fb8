import { SIGNUP_SAVED_COOKIE, SIGNUP_SAVED_COOKIE_MAX_AGE_SECONDS } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { serializeCookie } from '../../http/cookies.js';
import { isOwnPageCall } from '../../http/own-page-call.js';

/**
 * The marker a browser's save gets beside the key cookie (an hour from this save): the server
 * then writes the step pages with the signup for this browser (docs/decisions/049). HttpOnly, as
 * no script needs it; undefined for an API client, whose answers stay as they were.
 */
export function signupSavedCookie(
  request: Pick<FastifyRequest, 'headers' | 'host'>,
  options: { secure: boolean },
): string | undefined {
  if (!isOwnPageCall(request)) return undefined;
  return serializeCookie(SIGNUP_SAVED_COOKIE, '1', {
    maxAgeSeconds: SIGNUP_SAVED_COOKIE_MAX_AGE_SECONDS,
    secure: options.secure,
  });
}
