import {
  type ChangeEmailRequest,
  type ChangeEmailResponse,
  emailKey,
  type Locale,
  normalizePassword,
  resolveLocale,
  supportPhoneFor,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, fieldError } from '../../errors.js';
import { verifySecret } from '../../security/hash.js';
import { findUserAddress, findUserById, updateUser, userExistsWithEmail } from '../account/repo.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import {
  createLoginLockout,
  type LoginLockoutSettings,
  type SharedCounters,
} from '../credentials/login-lockout.js';
import { emailChangedNoticeEmail } from '../email/templates/email-changed-notice.js';
import { noticeDate } from '../email/templates/notice-date.js';
import type { Metrics } from '../metrics/metrics.js';
import { findPasswordHash } from './repo.js';

export type AccountEmailServiceDeps = LoggedCoreDeps & {
  mailer: Mailer;
  /** Wrong passwords per account before the change is locked for a while (as the login). */
  lockout: LoginLockoutSettings;
  /** Redis, where every instance counts the failures together; in memory without. */
  sharedCounters?: SharedCounters | undefined;
  metrics: Pick<Metrics, 'rateLimitRefused'>;
};

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;

/**
 * The logged-in user's email change. The current password is checked first, so only its owner
 * learns whether an address already has an account; wrong passwords lock the change like the
 * login. The old address (if any) gets a notice in the account's language, written in the same
 * transaction as the change.
 */
export function createAccountEmailService({
  db,
  mailer,
  log,
  now,
  lockout,
  sharedCounters,
  metrics,
}: AccountEmailServiceDeps) {
  const failures = createLoginLockout('email-change', lockout, now, sharedCounters);

  async function change(
    userId: string,
    input: ChangeEmailRequest,
    { locale }: { locale: Locale },
  ): Promise<ChangeEmailResponse> {
    const retryAfterSeconds = await failures.lockedForSeconds(userId);
    if (retryAfterSeconds > 0) {
      metrics.rateLimitRefused('login_lockout');
      throw new AppError('RATE_LIMITED', { extras: { retryAfterSeconds } });
    }
    const user = await findUserById(db, userId);
    const passwordHash = await findPasswordHash(db, userId);
    if (!user || !passwordHash) throw new AppError('SESSION_REQUIRED');
    if (!(await verifySecret(passwordHash, normalizePassword(input.currentPassword)))) {
      await failures.recordFailure(userId);
      throw fieldError('currentPassword', 'accountEmail_currentPasswordWrong_error', locale);
    }
    await failures.recordSuccess(userId);

    const oldEmail = user.email;
    if (oldEmail !== null && emailKey(oldEmail) === emailKey(input.email)) {
      throw fieldError('email', 'accountEmail_same_error', locale);
    }
    const taken = () => fieldError('email', 'signup_emailTaken_error', locale);
    if (await userExistsWithEmail(db, input.email)) throw taken();

    const instant = now();
    const ownerLocale = resolveLocale(user.locale);
    let queued: QueuedMail | undefined;
    try {
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { email: input.email });
        if (oldEmail === null) return;
        const address = await findUserAddress(tx, userId);
        const mail = emailChangedNoticeEmail({
          locale: ownerLocale,
          firstName: user.firstName,
          newEmail: input.email,
          date: noticeDate(instant, ownerLocale, user.timeZone),
          supportPhone: supportPhoneFor(address?.country).display,
        });
        // The notice carries no link or code: nothing in it expires.
        const notice = { to: oldEmail, locale: ownerLocale, ...mail, secretsExpireAt: null };
        queued = await mailer.send(notice, tx);
      });
    } catch (error) {
      // Someone took the address between the check and the write: the unique index decides.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    log.info({ userId }, 'the account email was changed; the old address was told');
    void queued?.deliver();
    return { email: input.email };
  }

  return { change };
}
