import {
  type ConfirmEmailChangeRequest,
  type ConfirmEmailChangeResponse,
  FORM_FIELD,
  type Locale,
  translateMessage,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import { findUserById, updateUser, userExistsWithEmail } from '../account/repo.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import { emailChangeMails } from './emails.js';
import {
  type EmailChangeRow,
  findEmailChangeByTokenHash,
  markEmailChangeUsed,
  revokeOpenEmailChanges,
} from './repo.js';

type Outcome = 'invalid' | 'taken' | { email: string; userId: string; queued: QueuedMail | null };

/**
 * POST /v2/account/email/confirm: the emailed link's token makes the change, with or without a
 * session (decision 059: the token proves the new mailbox, the password was checked when asked).
 * 410 EMAIL_CHANGE_INVALID when the link is unknown, used, expired, replaced or canceled, or the
 * account's email is no longer the one it had when asked; 409 at `form` when another account
 * took the address meanwhile (the change is then dropped). The previous address is told.
 */
export function createConfirmEmailChange({
  db,
  mailer,
  log,
  now,
}: LoggedCoreDeps & { mailer: Mailer }) {
  const isLive = (row: EmailChangeRow | undefined, instant: Date): row is EmailChangeRow =>
    row !== undefined &&
    row.usedAt === null &&
    row.revokedAt === null &&
    row.expiresAt.getTime() > instant.getTime();

  return async function confirm(
    input: ConfirmEmailChangeRequest,
    { locale }: { locale: Locale },
  ): Promise<ConfirmEmailChangeResponse> {
    const tokenHash = hashToken(input.token);
    const taken = () =>
      new FieldValidationError(
        [
          {
            field: FORM_FIELD,
            text: translateMessage('accountEmail_takenAtConfirm_error', locale),
            type: 'ERROR',
          },
        ],
        { status: 409 },
      );
    let outcome: Outcome;
    try {
      outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const instant = now();
        const row = await findEmailChangeByTokenHash(tx, tokenHash, { forUpdate: true });
        if (!isLive(row, instant)) return 'invalid';
        const user = await findUserById(tx, row.userId);
        // The address it was asked from must still be the account's: a change made since (by
        // another link or by support) leaves this one stale.
        if (!user || user.emailNormalized !== row.fromEmailNormalized) return 'invalid';
        if (await userExistsWithEmail(tx, row.newEmail)) {
          await revokeOpenEmailChanges(tx, user.id, instant);
          return 'taken';
        }
        await updateUser(tx, user.id, { email: row.newEmail });
        await markEmailChangeUsed(tx, row.id, instant);
        const previous = user.email;
        const queued =
          previous === null
            ? null
            : await emailChangeMails(mailer, tx, user, instant).changed(previous, row.newEmail);
        return { email: row.newEmail.trim(), userId: user.id, queued };
      });
    } catch (error) {
      // Someone took the address between the check and the write: the unique index decides.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    if (outcome === 'invalid') throw new AppError('EMAIL_CHANGE_INVALID');
    if (outcome === 'taken') throw taken();
    log.info({ userId: outcome.userId }, 'the account email was changed; the old address was told');
    void outcome.queued?.deliver();
    return { email: outcome.email };
  };
}
