import { type ProfessionalUser, ProfessionalUserSchema } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../http/cookies.js';
import { JOIN_BASE } from '../http/join-base.js';

/**
 * The professional this browser has just registered by a form post: the API's create has no
 * idempotency key, so a reload of the success page (the browser posting step 3 again) is answered
 * with the same success from this cookie rather than a second create (refused as an email that has
 * an account). HttpOnly, only for /app/join/pro, half an hour.
 */
const PRO_CREATED_COOKIE = 'coparent_pro_created';
const PRO_CREATED_MAX_AGE_SECONDS = 30 * 60;
const PRO_FORM_URL = `${JOIN_BASE}/pro`;

export function proCreatedCookie(user: ProfessionalUser, options: { secure: boolean }): string {
  const value = Buffer.from(JSON.stringify(user)).toString('base64url');
  return serializeCookie(PRO_CREATED_COOKIE, value, {
    maxAgeSeconds: PRO_CREATED_MAX_AGE_SECONDS,
    secure: options.secure,
    path: PRO_FORM_URL,
  });
}

/** The professional this browser registered with `email`, if it is the one its cookie names. */
export function proCreatedWith(
  request: Pick<FastifyRequest, 'headers'>,
  email: string,
): ProfessionalUser | undefined {
  const value = readCookie(request.headers.cookie, PRO_CREATED_COOKIE);
  if (!value) return undefined;
  try {
    const parsed = ProfessionalUserSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    const isSame = parsed.success && parsed.data.email.toLowerCase() === email.trim().toLowerCase();
    return isSame ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
