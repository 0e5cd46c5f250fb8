import type { Executor } from '../../db/client.js';
import type { CredentialsTokenPurpose } from '../../db/schema.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import { replaceCredentialsToken } from '../account/repo.js';

/**
 * A new single-use token to choose a username and password with (only its hash is stored). Only
 * the newest of a purpose works: the user's earlier unused ones of that purpose are dropped.
 */
export async function issueCredentialsToken(
  exec: Executor,
  userId: string,
  options: { now: Date; lifetimeMs: number; purpose?: CredentialsTokenPurpose },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(options.now.getTime() + options.lifetimeMs);
  await replaceCredentialsToken(
    exec,
    {
      userId,
      tokenHash: hashToken(token),
      expiresAt,
      ...(options.purpose ? { purpose: options.purpose } : {}),
    },
    options.now,
  );
  return { token, expiresAt };
}
