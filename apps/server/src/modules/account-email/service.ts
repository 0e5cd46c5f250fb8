import {
  type AccountEmailStatus,
  type ChangeEmailRequest,
  type ChangeEmailResponse,
  EMAIL_CHANGE_REQUESTS_PER_HOUR,
  EMAIL_CHANGE_TTL_HOURS,
  emailKey,
  FORM_FIELD,
  type Locale,
  normalizePassword,
  translateMessage,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import { AppError, FieldValidationError, fieldError } from '../../errors.js';
import { verifySecret } from '../../security/hash.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import { findUserById, userExistsWithEmail } from '../account/repo.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import {
  createLoginLockout,
  type LoginLockoutSettings,
  type SharedCounters,
} from '../credentials/login-lockout.js';
import type { Metrics } from '../metrics/metrics.js';
import { createConfirmEmailChange } from './confirm.js';
import { emailChangeConfirmUrl, emailChangeMails } from './emails.js';
import {
  countUserEmailChangesSince,
  deleteStaleEmailChanges,
  findOpenEmailChange,
  findPasswordHash,
  insertEmailChange,
  revokeOpenEmailChanges,
} from './repo.js';

export type AccountEmailServiceDeps = LoggedCoreDeps & {
  mailer: Mailer;
  publicUrl: string;
  /** Wrong passwords per account before the change is locked for a while (as the login). */
  lockout: LoginLockoutSettings;
  /** Redis, where every instance counts the failures together; in memory without. */
  sharedCounters?: SharedCounters | undefined;
  metrics: Pick<Metrics, 'rateLimitRefused'>;
};

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;

const HOUR_MS = 3_600_000;

/**
 * The logged-in user's email change (decision 059). The request checks the current password
 * first, so only its owner learns whether an address already has an account (wrong passwords
 * lock it like the login); it emails a single-use link to the new address and a notice to the
 * current one, and changes nothing else. The link's confirmation (`confirm`) makes the change.
 */
export function createAccountEmailService(deps: AccountEmailServiceDeps) {
  const { db, mailer, log, now, publicUrl, lockout, sharedCounters, metrics } = deps;
  const failures = createLoginLockout('email-change', lockout, now, sharedCounters);

  async function request(
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
    if (await userExistsWithEmail(db, input.email)) {
      throw fieldError('email', 'signup_emailTaken_error', locale);
    }
    const instant = now();
    const since = new Date(instant.getTime() - HOUR_MS);
    if ((await countUserEmailChangesSince(db, userId, since)) >= EMAIL_CHANGE_REQUESTS_PER_HOUR) {
      const text = translateMessage('accountEmail_tooManyRequests_error', locale);
      throw new FieldValidationError([{ field: FORM_FIELD, text, type: 'ERROR' }], {
        status: 409,
      });
    }

    const token = generateToken();
    const expiresAt = new Date(instant.getTime() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS);
    const queued: QueuedMail[] = [];
    await db.transaction(async (tx) => {
      // One change waits at a time: the earlier link dies with the new request.
      await revokeOpenEmailChanges(tx, userId, instant);
      await insertEmailChange(tx, {
        userId,
        tokenHash: hashToken(token),
        newEmail: input.email,
        fromEmailNormalized: user.emailNormalized,
        expiresAt,
        createdAt: instant,
      });
      const mails = emailChangeMails(mailer, tx, user, instant);
      const url = emailChangeConfirmUrl(publicUrl, token);
      queued.push(await mails.confirm(input.email, url, EMAIL_CHANGE_TTL_HOURS, expiresAt));
      if (oldEmail !== null) queued.push(await mails.requested(oldEmail, input.email));
    });
    log.info({ userId }, 'an email change was asked for; the link went to the new address');
    for (const mail of queued) void mail.deliver();
    await deleteStaleEmailChanges(db, new Date(instant.getTime() - 24 * HOUR_MS));
    return { pending: { email: input.email, expiresAt: expiresAt.toISOString() } };
  }

  /** The account's email and the change waiting for its link, if any. */
  async function status(userId: string): Promise<AccountEmailStatus> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('SESSION_REQUIRED');
    const open = await findOpenEmailChange(db, userId, now());
    return {
      email: user.email,
      pending: open ? { email: open.newEmail, expiresAt: open.expiresAt.toISOString() } : null,
    };
  }

  /** Cancels the change waiting for its link (its link stops working); nothing else changes. */
  async function cancel(userId: string): Promise<void> {
    if ((await revokeOpenEmailChanges(db, userId, now())) > 0) {
      log.info({ userId }, 'the email change waiting for its link was canceled');
    }
  }

  return { request, status, cancel, confirm: createConfirmEmailChange({ db, mailer, log, now }) };
}
