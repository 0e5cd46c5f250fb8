import { AccountSessionSchema } from '@coparent/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readCookie, serializeCookie } from '../../http/cookies.js';
import { ProblemSchema } from '../../http/schemas.js';
import { hashToken } from '../../security/tokens.js';
import { deleteSession, findCredentialsOfUser, findUserById } from '../account/repo.js';
import type { SessionAuth } from './session-auth.js';

export type SessionRoutesOptions = {
  db: Executor;
  auth: SessionAuth;
  secureCookies: boolean;
};

/** Who is logged in, and the logout; registered under /v2. */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRoutesOptions> = async (app, opts) => {
  const { db, auth } = opts;

  app.get(
    '/account/session',
    {
      onRequest: auth.requireSession,
      schema: {
        tags: ['account'],
        summary: 'The logged-in account (401 SESSION_REQUIRED without a live session)',
        response: { 200: AccountSessionSchema, 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { userId } = auth.sessionOf(request);
      const [user, credentials] = await Promise.all([
        findUserById(db, userId),
        findCredentialsOfUser(db, userId),
      ]);
      if (!user || !credentials) throw new AppError('SESSION_REQUIRED');
      return {
        userId,
        kind: user.kind,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        username: credentials.username,
        isStaff: user.isStaff,
        locale: user.locale,
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Log out: ends the session and clears its cookie (204 also without a session)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, auth.cookieName);
      if (token) await deleteSession(db, hashToken(token));
      reply.header('cache-control', 'no-store');
      reply.header(
        'set-cookie',
        serializeCookie(auth.cookieName, '', { maxAgeSeconds: 0, secure: opts.secureCookies }),
      );
      return reply.status(204).send(null);
    },
  );
};
