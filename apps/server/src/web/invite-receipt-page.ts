import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { inviteCookieUserId } from '../modules/invite/cookie-invite-user.js';
import type { SessionAuth } from '../modules/session/session-auth.js';

/**
 * Whether the server writes /invite/receipt for this browser: its invite cookie names an invite
 * whose co-parent this browser is logged in as (a login needs credentials, which finished the
 * invite). The page then shows that login's own newest receipt (read by the page's queries); any
 * other browser gets the app's shell, and the tab decides from what it kept.
 */
export async function isFinishedInviteBrowser(
  deps: { db: Executor; sessions: Pick<SessionAuth, 'resolve'> },
  request: FastifyRequest,
): Promise<boolean> {
  try {
    const invitedUserId = await inviteCookieUserId(deps.db, request);
    if (!invitedUserId) return false;
    const session = await deps.sessions.resolve(request);
    return session?.userId === invitedUserId;
  } catch (error) {
    // The name only: a query's error carries its parameters (token hashes).
    request.log.warn({ error: (error as Error).name }, 'finished invite not read for the page');
    return false;
  }
}
