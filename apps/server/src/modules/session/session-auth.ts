import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readCookie } from '../../http/cookies.js';
import { hashToken } from '../../security/tokens.js';
import { findSession } from '../account/repo.js';

/** The account session cookie (http-only, SameSite=Lax), set by the login. */
export const SESSION_COOKIE = 'cp_session';

/** The logged-in user of a request (the `cp_session` cookie resolved to its session row). */
export type AccountSessionAuth = { sessionId: string; userId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession` on the account area's calls. */
    accountSession: AccountSessionAuth | null;
  }
}

export type SessionAuth = {
  /** An onRequest/preHandler hook: 401 SESSION_REQUIRED without a live session. */
  requireSession(request: FastifyRequest): Promise<void>;
  /** The live session of a request, or null (no cookie, unknown or expired session). */
  resolve(request: FastifyRequest): Promise<AccountSessionAuth | null>;
  /** The session of a request that passed `requireSession`. */
  sessionOf(request: FastifyRequest): AccountSessionAuth;
  cookieName: string;
};

/**
 * The one session check of the account area. The cookie holds a 256-bit token; only its SHA-256
 * is stored (`sessions.token_hash`), so the lookup is an index search on a value nobody can
 * choose. Every call behind it reads data of `request.accountSession.userId` only: an id in a
 * path is checked against it by the call (another user's receipt is a 404, never its content).
 */
export function createSessionAuth(
  app: FastifyInstance,
  deps: { db: Executor; now: () => Date; cookieName: string },
): SessionAuth {
  app.decorateRequest('accountSession', null);

  async function resolve(request: FastifyRequest): Promise<AccountSessionAuth | null> {
    const token = readCookie(request.headers.cookie, deps.cookieName);
    if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
    const row = await findSession(deps.db, hashToken(token));
    if (!row || row.expiresAt.getTime() <= deps.now().getTime()) return null;
    return { sessionId: row.id, userId: row.userId };
  }

  return {
    cookieName: deps.cookieName,
    resolve,
    async requireSession(request) {
      const session = await resolve(request);
      if (!session) throw new AppError('SESSION_REQUIRED');
      request.accountSession = session;
    },
    sessionOf(request) {
      if (!request.accountSession) throw new AppError('SESSION_REQUIRED');
      return request.accountSession;
    },
  };
}
