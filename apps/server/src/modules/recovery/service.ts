import { randomInt } from 'node:crypto';
import {
  ACCOUNT_RECOVER_PATH,
  accountPasswordProblems,
  emailKey,
  type Locale,
  type MessageKey,
  normalizePassword,
  RECOVERY_MAX_CODE_ATTEMPTS,
  type RecoveryLookupRequest,
  type RecoveryLookupResponse,
  type RecoveryResetRequest,
  type RecoveryResetResponse,
  type RecoveryVerifyRequest,
  type RecoveryVerifyResponse,
  resolveLocale,
  supportPhoneFor,
  translateMessage,
  type ValidationError,
  VERIFICATION_CODE_LENGTH,
} from '@coparent/domain';
import { z } from 'zod';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { hashSecret, verifySecret } from '../../security/hash.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import { deleteUserSessions, findUserAddress } from '../account/repo.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import { passwordResetEmail } from '../email/templates/password-reset.js';
import {
  countUserResetsSince,
  deleteStaleResets,
  findAccountByEmailKey,
  findAccountByUserId,
  findAccountByUsername,
  findAccountsByPhone,
  findResetById,
  findResetByTokenHash,
  insertReset,
  type PasswordResetRow,
  type RecoverableAccount,
  revokeOpenResets,
  setPasswordHash,
  updateReset,
} from './repo.js';

export type RecoverySettings = {
  /** How long a recovery's code and link work (RECOVERY_TTL_MINUTES). */
  ttlMinutes: number;
  /** Emails per account per hour; beyond it the answer is the same but nothing is sent. */
  requestsPerHour: number;
};

export type RecoveryServiceDeps = LoggedCoreDeps & {
  mailer: Mailer;
  publicUrl: string;
  settings: RecoverySettings;
};

export type RecoveryService = ReturnType<typeof createRecoveryService>;

type Ctx = { locale: Locale };

const DAY_MS = 86_400_000;
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A fresh 6-digit code (leading zeros kept). */
function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
}

/** The emailed link: the recovery page takes the token out of the address bar on arrival. */
export function recoveryUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_RECOVER_PATH}?token=${encodeURIComponent(token)}`;
}

/** A hash verified when there is no row, so that an unknown id costs what a wrong code does. */
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashSecret(newCode());
  return dummyHash;
}

/**
 * Password retrieval: the lookup that emails a code and a link, the code exchange, and the new
 * password. Every answer is the same whether or not an account matched (decoy rows, always one
 * argon2id hash per lookup), except MULTI for a phone shared by several accounts.
 */
export function createRecoveryService({
  db,
  mailer,
  log,
  now,
  publicUrl,
  settings,
}: RecoveryServiceDeps) {
  const ttlMs = settings.ttlMinutes * 60_000;

  function isOver(row: PasswordResetRow, instant: Date): boolean {
    return (
      row.usedAt !== null ||
      row.revokedAt !== null ||
      row.attempts >= RECOVERY_MAX_CODE_ATTEMPTS ||
      row.expiresAt.getTime() <= instant.getTime()
    );
  }

  function fieldError(field: string, key: MessageKey, locale: Locale): FieldValidationError {
    return new FieldValidationError([
      { field, text: translateMessage(key, locale), type: 'ERROR' },
    ]);
  }

  async function findAccounts(input: RecoveryLookupRequest): Promise<RecoverableAccount[]> {
    if (input.email !== undefined) {
      const account = await findAccountByEmailKey(db, emailKey(input.email));
      return account ? [account] : [];
    }
    if (input.username !== undefined) {
      const account = await findAccountByUsername(db, input.username);
      return account ? [account] : [];
    }
    if (input.countryCode !== undefined && input.phone !== undefined) {
      return findAccountsByPhone(db, input.countryCode, input.phone);
    }
    return [];
  }

  /**
   * POST /v2/account/recovery: when one account with an email matches (and it is under its hourly
   * limit), its earlier recoveries end and it is emailed a code and a link; otherwise a decoy row
   * is stored. Both answer SUCCESS with the row's id.
   */
  async function lookup(input: RecoveryLookupRequest): Promise<RecoveryLookupResponse> {
    const accounts = await findAccounts(input);
    if (accounts.length > 1) return { result: 'MULTI' };

    const instant = now();
    let account = accounts[0]?.user.email ? accounts[0] : undefined;
    if (
      account &&
      (await countUserResetsSince(db, account.user.id, new Date(instant.getTime() - 3_600_000))) >=
        settings.requestsPerHour
    ) {
      log.info({ userId: account.user.id }, 'password recovery over the hourly limit: not sent');
      account = undefined;
    }

    const code = newCode();
    const token = generateToken();
    const codeHash = await hashSecret(code);
    const expiresAt = new Date(instant.getTime() + ttlMs);
    let queued: QueuedMail | undefined;
    const email = account?.user.email;
    const recoveryId = await db.transaction(async (tx) => {
      if (!account || !email) {
        return insertReset(
          tx,
          { userId: null, linkTokenHash: hashToken(token), codeHash, expiresAt },
          instant,
        );
      }
      const { user } = account;
      await revokeOpenResets(tx, user.id, instant);
      const id = await insertReset(
        tx,
        { userId: user.id, linkTokenHash: hashToken(token), codeHash, expiresAt },
        instant,
      );
      const locale = resolveLocale(user.locale);
      const address = await findUserAddress(tx, user.id);
      const mail = passwordResetEmail({
        locale,
        firstName: user.firstName,
        username: account.username,
        code,
        resetUrl: recoveryUrl(publicUrl, token),
        expiresInMinutes: settings.ttlMinutes,
        supportPhone: supportPhoneFor(address?.country).display,
      });
      queued = await mailer.send({ to: email, locale, ...mail, secretsExpireAt: expiresAt }, tx);
      return id;
    });
    if (queued) log.info({ userId: account?.user.id }, 'password recovery email queued');
    void queued?.deliver();
    await deleteStaleResets(db, new Date(instant.getTime() - DAY_MS));
    return { result: 'SUCCESS', recoveryId };
  }

  /**
   * POST /v2/account/recovery/verify: the emailed code for a reset token (the recovery's time
   * starts again). A wrong code answers 422 at `verificationCode`; the last allowed wrong code, and
   * anything after it, 410 RECOVERY_INVALID. Decoys behave the same (no code opens them).
   */
  async function verify(
    input: RecoveryVerifyRequest,
    { locale }: Ctx,
  ): Promise<RecoveryVerifyResponse> {
    const wrongCode = () => fieldError('verificationCode', 'recovery_codeWrong_error', locale);
    const row = isUuid(input.recoveryId) ? await findResetById(db, input.recoveryId) : undefined;
    if (!row) {
      await verifySecret(await timingDummy(), input.verificationCode);
      throw wrongCode();
    }
    const instant = now();
    if (isOver(row, instant)) throw new AppError('RECOVERY_INVALID');
    const matches = await verifySecret(row.codeHash, input.verificationCode);
    // The outcome leaves the transaction as a value: a wrong code's count must commit.
    const outcome = await db.transaction(
      async (tx): Promise<'over' | 'wrong' | RecoveryVerifyResponse> => {
        const current = await findResetById(tx, row.id, { forUpdate: true });
        if (!current || isOver(current, instant)) return 'over';
        if (!matches || current.userId === null) {
          const attempts = current.attempts + 1;
          await updateReset(tx, current.id, { attempts });
          // The last wrong code ends the recovery at once: the person learns it now.
          return attempts >= RECOVERY_MAX_CODE_ATTEMPTS ? 'over' : 'wrong';
        }
        const resetToken = generateToken();
        await updateReset(tx, current.id, {
          resetTokenHash: hashToken(resetToken),
          expiresAt: new Date(instant.getTime() + ttlMs),
        });
        return { resetToken };
      },
    );
    if (outcome === 'over') throw new AppError('RECOVERY_INVALID');
    if (outcome === 'wrong') throw wrongCode();
    return outcome;
  }

  /**
   * POST /v2/account/recovery/reset: the new password (the credentials rules with the account's
   * username and email, and the confirmation). Replaces the hash, uses the recovery up, ends the
   * account's other recoveries and every session. 410 RECOVERY_INVALID for a used, replaced,
   * expired or unknown token.
   */
  async function reset(
    input: RecoveryResetRequest,
    { locale }: Ctx,
  ): Promise<RecoveryResetResponse> {
    const tokenHash = hashToken(input.resetToken);
    const row = await findResetByTokenHash(db, tokenHash);
    if (!row?.userId || isOver(row, now())) throw new AppError('RECOVERY_INVALID');
    const account = await findAccountByUserId(db, row.userId);
    if (!account) throw new AppError('RECOVERY_INVALID');

    const errors: ValidationError[] = [];
    const [problem] = accountPasswordProblems(input.newPassword, {
      username: account.username,
      email: account.user.email,
    });
    if (problem) {
      errors.push({ field: 'newPassword', text: translateMessage(problem, locale), type: 'ERROR' });
    }
    if (input.confirmPassword !== input.newPassword) {
      errors.push({
        field: 'confirmPassword',
        text: translateMessage('recovery_confirmPassword_error', locale),
        type: 'ERROR',
      });
    }
    if (errors.length > 0) throw new FieldValidationError(errors);

    const passwordHash = await hashSecret(normalizePassword(input.newPassword));
    await db.transaction(async (tx) => {
      const instant = now();
      const current = await findResetByTokenHash(tx, tokenHash, { forUpdate: true });
      if (!current?.userId || current.id !== row.id || isOver(current, instant)) {
        throw new AppError('RECOVERY_INVALID');
      }
      await setPasswordHash(tx, current.userId, passwordHash, instant);
      await updateReset(tx, current.id, { usedAt: instant });
      await revokeOpenResets(tx, current.userId, instant);
      await deleteUserSessions(tx, current.userId);
    });
    log.info({ userId: row.userId }, 'password reset');
    return { reset: true };
  }

  return { lookup, verify, reset };
}
