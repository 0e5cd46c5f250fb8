import { SUPPORT_CHAT_TOKEN_TTL_SECONDS } from '@coparent/domain';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../account/repo.js';

export type SupportChatService = {
  /**
   * A JWT for Zendesk's messaging widget (`zE('messenger', 'loginUser', …)`): the logged-in
   * account's identity when `userId` is given, otherwise the visitor's anonymous id.
   * 404 SUPPORT_CHAT_DISABLED when no Zendesk signing key is configured.
   */
  issueToken(who: { userId: string | null; anonymousId: string }): Promise<string>;
};

/**
 * Zendesk messaging's authenticated visitors ("Authenticating end users in messaging"): HS256
 * with the signing key's id as `kid`, `scope: 'user'`, `external_id`, and `name`/`email` only
 * for an account we know. Short-lived: the widget asks again through its callback when needed.
 */
export function createSupportChatService(deps: {
  db: Executor;
  now: () => Date;
  zendesk: Config['supportChat']['zendesk'];
}): SupportChatService {
  const { db, now, zendesk } = deps;
  const secret = zendesk ? new TextEncoder().encode(zendesk.secret) : undefined;

  return {
    async issueToken({ userId, anonymousId }) {
      if (!zendesk || !secret) throw new AppError('SUPPORT_CHAT_DISABLED');
      const user = userId ? await findUserById(db, userId) : undefined;
      const claims = user
        ? {
            scope: 'user',
            external_id: user.id,
            name: `${user.firstName} ${user.lastName}`.trim(),
            ...(user.email ? { email: user.email } : {}),
          }
        : // Prefixed: an anonymous visitor's id can never name an account's conversations.
          { scope: 'user', external_id: `anonymous:${anonymousId}` };
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: zendesk.keyId })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SUPPORT_CHAT_TOKEN_TTL_SECONDS)
        .sign(secret);
    },
  };
}
