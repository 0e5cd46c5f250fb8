import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readCookie, serializeCookie } from '../../http/cookies.js';
import { isOwnPageCall } from '../../http/own-page-call.js';
import { bearerToken } from '../../security/tokens.js';

/**
 * The browser's copy of the invite token, in an HttpOnly cookie, so no script on the page can read
 * it: the app sends the emailed link's token once as `Authorization: Bearer` and the answer keeps
 * it here; later calls (after a reload too) carry the cookie instead. API clients keep sending
 * the header and get no cookie. A session cookie: the invite's own expiry, and the credentials
 * that finish it, decide how long the token works. SameSite=Lax keeps it off other sites' posts,
 * and a request the browser marks cross-site is not given it.
 */
export const INVITE_COOKIE = 'coparent_invite';

/**
 * The calls the invite token authorises: the context, the new-link request, the invited user's
 * own calls (not the professional registration's /v2/users/validator).
 */
const INVITE_CALL =
  /^\/v2\/(invites\/(current|request)|users\/(?!validator(?:[/?]|$))[^/?]+)(\/|\?|$)/;

/** The invite token the browser's cookie holds (none for a request it marks cross-site). */
export function tokenFromCookie(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  if (request.headers['sec-fetch-site'] === 'cross-site') return undefined;
  return bearerToken(`Bearer ${readCookie(request.headers.cookie, INVITE_COOKIE) ?? ''}`);
}

/**
 * After a token check passed: a token the app's own page sent in the header is kept in the
 * cookie (once: a call that already came with it sets nothing).
 */
export function keepInviteToken(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean },
): void {
  if (!isOwnPageCall(request)) return;
  const token = bearerToken(request.headers.authorization);
  if (!token || token === tokenFromCookie(request)) return;
  reply.header('set-cookie', serializeCookie(INVITE_COOKIE, token, { secure: options.secure }));
}

/**
 * The emailed link's page (`/invite?token=…`): the cookie is kept from the first request, so a
 * reload finds the invite even when the link has expired (a new link is asked with it).
 */
export function inviteLinkCookie(
  linkToken: string | null,
  options: { secure: boolean },
): string | undefined {
  const token = bearerToken(`Bearer ${linkToken ?? ''}`);
  return token ? serializeCookie(INVITE_COOKIE, token, { secure: options.secure }) : undefined;
}

/** An invite call without the header takes the token from the cookie: the routes check one. */
export const inviteCookiePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.headers.authorization !== undefined) return;
      if (!INVITE_CALL.test(request.url)) return;
      const token = tokenFromCookie(request);
      if (token) request.headers.authorization = `Bearer ${token}`;
    });
  },
  { name: 'invite-cookie' },
);
