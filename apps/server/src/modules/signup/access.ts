import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { registrationKeyMatches } from '../../security/tokens.js';
import { findSignupById, findSignupByIdForUpdate } from './repo.js';

const UuidSchema = z.uuid();
export const isUuid = (value: string) => UuidSchema.safeParse(value).success;

/** What the check reads of a signup. */
type AccessedSignup = Pick<SignupRow, 'registrationKeyHash' | 'completedAt' | 'expiresAt'>;

/** Whether a paid signup is answered after its expiry (the calls that read its result). */
type AccessOptions = { allowPaid?: boolean };

/**
 * Who may act on a signup: whoever presents its registration key, until it expires. The
 * answers, in this order: 404 unknown, 403 wrong key, 404 expired.
 */
export function createSignupAccess({ now }: { now: () => Date }) {
  /** The check, for a signup already read (the columns it needs, or the whole row). */
  function assertAccess<Row extends AccessedSignup>(
    row: Row | undefined,
    registrationKey: string | undefined,
    options: AccessOptions,
  ): Row {
    if (!row) throw new AppError('SIGNUP_NOT_FOUND');
    if (!registrationKeyMatches(registrationKey, row.registrationKeyHash)) {
      throw new AppError('REGISTRATION_KEY_INVALID');
    }
    if (options.allowPaid && row.completedAt !== null) return row;
    if (row.expiresAt.getTime() <= now().getTime()) throw new AppError('SIGNUP_EXPIRED');
    return row;
  }

  /** Reads the signup behind an id (its row locked for a save: `forUpdate`) and checks it. */
  async function authorise(
    exec: Executor,
    signupId: string,
    registrationKey: string | undefined,
    options: AccessOptions & { forUpdate: boolean },
  ): Promise<SignupRow> {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const row = options.forUpdate
      ? await findSignupByIdForUpdate(exec, signupId)
      : await findSignupById(exec, signupId);
    return assertAccess(row, registrationKey, options);
  }

  return { assertAccess, authorise };
}

export type SignupAccessCheck = ReturnType<typeof createSignupAccess>;
