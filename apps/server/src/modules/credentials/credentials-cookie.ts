import type { FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../../http/cookies.js';
import { JOIN_BASE } from '../../http/join-base.js';
import { isOwnPageCall } from '../../http/own-page-call.js';

/**
 * The credentials token of a payment made in this browser: it goes from the payment's answer to
 * /credentials in an HttpOnly cookie, never in a URL or the page, and only the join pages receive
 * it, so the server can write /credentials (and take its form's post) for whoever paid here, with
 * a script or without. Setting the username and password (or paying again) replaces or clears it;
 * the token itself is single use and expires on the server.
 */
export const CREDENTIALS_TOKEN_COOKIE = 'coparent_credentials';

/** As long as the token may live (it is refused sooner once used or expired). */
const CREDENTIALS_COOKIE_MAX_AGE_SECONDS = 2 * 60 * 60;

export function credentialsTokenCookie(token: string, options: { secure: boolean }): string {
  return serializeCookie(CREDENTIALS_TOKEN_COOKIE, token, {
    maxAgeSeconds: CREDENTIALS_COOKIE_MAX_AGE_SECONDS,
    secure: options.secure,
    path: JOIN_BASE,
  });
}

/** The cookie gone (after the credentials are set). */
export function clearedCredentialsTokenCookie(options: { secure: boolean }): string {
  return serializeCookie(CREDENTIALS_TOKEN_COOKIE, '', {
    maxAgeSeconds: 0,
    secure: options.secure,
    path: JOIN_BASE,
  });
}

/**
 * The cookie for the token a payment answered the app's own page with (the app's Pay now), so a
 * reload of /credentials is written by the server; undefined for an API client or no token.
 */
export function paidHereCookie(
  request: Pick<FastifyRequest, 'headers' | 'host'>,
  token: string | null | undefined,
  options: { secure: boolean },
): string | undefined {
  if (!token || !isOwnPageCall(request)) return undefined;
  return credentialsTokenCookie(token, options);
}

/** The token the browser holds, unless the request is marked as from another site. */
export function credentialsTokenFromCookie(
  request: Pick<FastifyRequest, 'headers'>,
): string | undefined {
  if (request.headers['sec-fetch-site'] === 'cross-site') return undefined;
  return readCookie(request.headers.cookie, CREDENTIALS_TOKEN_COOKIE) || undefined;
}
