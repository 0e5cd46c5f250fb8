import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { hashToken } from '../../security/tokens.js';
import { tokenFromCookie } from './invite-cookie.js';
import { findInviteByTokenHash } from './repo.js';

/**
 * The user the browser's invite cookie was given for, whatever became of the invite since
 * (finished by their credentials, expired, replaced), or undefined. Only for a page about that
 * person once their invite is done, and only matched with their own login: it authorises nothing
 * by itself, as a finished invite's token must not (service.ts, `authenticate`).
 */
export async function inviteCookieUserId(
  db: Executor,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<string | undefined> {
  const token = tokenFromCookie(request);
  if (!token) return undefined;
  const invite = await findInviteByTokenHash(db, hashToken(token));
  return invite?.userId ?? undefined;
}
