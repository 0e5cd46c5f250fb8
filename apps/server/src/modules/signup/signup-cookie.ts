import type { SignupState } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAppError } from '../../errors.js';
import { readCookie, serializeCookie } from '../../http/cookies.js';
import type { SignupService } from './service.js';

/**
 * The browser's copy of a signup's registration key: `<signupId>.<registrationKey>` in an HttpOnly
 * cookie set when the signup is created, so no script on the page can read the key (the API
 * still answers it, and takes the `X-Registration-Key` header, for other clients). A session
 * cookie: the signup's own expiry (which moves with each save) decides how long the key works.
 * SameSite=Lax keeps it off other sites' requests; a request the browser marks cross-site is not
 * given it.
 */
export const SIGNUP_COOKIE = 'coparent_signup';

const REGISTRATION_KEY_HEADER = 'x-registration-key';
const SIGNUP_PATH = /^\/v2\/signups\/([^/?]+)/;

export function signupCookie(
  signup: { signupId: string; registrationKey: string },
  options: { secure: boolean },
): string {
  return serializeCookie(SIGNUP_COOKIE, `${signup.signupId}.${signup.registrationKey}`, options);
}

/** The signup the cookie names and its key, when the request carries one. */
export function signupFromCookie(
  request: Pick<FastifyRequest, 'headers'>,
): { signupId: string; registrationKey: string } | undefined {
  if (request.headers['sec-fetch-site'] === 'cross-site') return undefined;
  const value = readCookie(request.headers.cookie, SIGNUP_COOKIE);
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot <= 0 || dot === value.length - 1) return undefined;
  return { signupId: value.slice(0, dot), registrationKey: value.slice(dot + 1) };
}

/**
 * The signup the request's cookie names, as GET /v2/signups/{id} reads it; undefined when there is
 * no cookie or the server refuses it (unknown, expired, another key). Other failures (the database
 * away) are thrown.
 */
export async function readCookieSignup(
  signups: Pick<SignupService, 'get'>,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<SignupState | undefined> {
  const fromCookie = signupFromCookie(request);
  if (!fromCookie) return undefined;
  try {
    return await signups.get(fromCookie.signupId, fromCookie.registrationKey);
  } catch (error) {
    if (isAppError(error) && error.status < 500) return undefined;
    throw error;
  }
}

/**
 * A call on a signup without the key header takes it from the cookie when the cookie is for that
 * very signup: the routes check one key, whichever carried it.
 */
export const signupCookiePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.headers[REGISTRATION_KEY_HEADER] !== undefined) return;
      const signupId = SIGNUP_PATH.exec(request.url)?.[1];
      if (!signupId) return;
      const fromCookie = signupFromCookie(request);
      if (fromCookie?.signupId === signupId) {
        request.headers[REGISTRATION_KEY_HEADER] = fromCookie.registrationKey;
      }
    });
  },
  { name: 'signup-cookie' },
);
