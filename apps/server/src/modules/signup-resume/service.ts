import type { SignupState } from '@coparent/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import type { SignupService } from '../signup/service.js';
import { spendResumeToken } from './repo.js';

/**
 * The resume email's link, used: the signup gets a new registration key, so the key of the browser
 * that left and the link itself stop working; the new key goes to this browser's HttpOnly cookie.
 * 410 RESUME_LINK_INVALID for an unknown, used or expired link, or a paid signup.
 */
export function createSignupResume(deps: {
  db: Db;
  signups: Pick<SignupService, 'get'>;
  now: () => Date;
}) {
  const { db, signups, now } = deps;

  async function resume(
    token: string,
  ): Promise<{ key: { signupId: string; registrationKey: string }; signup: SignupState }> {
    const registrationKey = generateToken();
    const spent = await spendResumeToken(db, hashToken(token), hashToken(registrationKey), now());
    if (!spent) throw new AppError('RESUME_LINK_INVALID');
    const signup = await signups.get(spent.id, registrationKey);
    return { key: { signupId: spent.id, registrationKey }, signup };
  }

  return { resume };
}
