import {
  type CoParentStatus,
  type CoParentText,
  FORM_FIELD,
  type Locale,
  type MessageKey,
  type ResendCoParentEmailResponse,
  translateMessage,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { findUserById } from '../account/repo.js';
import type { createNewLinkRequests } from '../invite/new-link.js';
import { type CoParentOfParent, findCoParentOfParent } from './invited-coparent.js';
import { findFirstInvitedAt, findMemberOfUser } from './repo.js';

export type CoParentStatusService = ReturnType<typeof createCoParentStatusService>;

export type CoParentStatusDeps = {
  db: Executor;
  /** The invite module's new link by email (its rate limits, the old links revoked). */
  newLinks: Pick<ReturnType<typeof createNewLinkRequests>, 'emailNewLink'>;
};

/** A 409 with the localised reason at the form (the error summary shows it). */
function refusal(key: MessageKey, locale: Locale) {
  const text = translateMessage(key, locale);
  return new FieldValidationError([{ field: FORM_FIELD, text, type: 'ERROR' }], { status: 409 });
}

/**
 * Where Parent A's co-parent stands on the account home (docs/account.md "The co-parent's
 * status"), and their emailed invitation sent again with a new link. Only the family's PARENT
 * member sees it or sends it.
 */
export function createCoParentStatusService({ db, newLinks }: CoParentStatusDeps) {
  /**
   * The home's `coParentStatus` (null when there is no co-parent invitation). `text` is the
   * home's `coParentText`: a text that did not reach them makes the status NOT_REACHED.
   */
  async function statusFor(
    found: CoParentOfParent | undefined,
    text: CoParentText | null,
  ): Promise<CoParentStatus | null> {
    if (!found) return null;
    const { coParent, newestText, joinedAt } = found;
    const [invitedAt, user] = await Promise.all([
      findFirstInvitedAt(db, coParent.id),
      coParent.userId ? findUserById(db, coParent.userId) : undefined,
    ]);
    if (!invitedAt) return null;
    const state = joinedAt ? 'JOINED' : text?.problem ? 'NOT_REACHED' : 'INVITED';
    return {
      state,
      firstName: coParent.firstName,
      invitedAt: invitedAt.toISOString(),
      joinedAt: joinedAt?.toISOString() ?? null,
      email: user?.email ?? null,
      byText: newestText !== undefined,
    };
  }

  /**
   * POST /v2/account/coparent-invitation-email: a new link emailed to the co-parent of the
   * session's Parent A (earlier links stop working). 409 at `form` when there is no emailed
   * invitation of theirs, the co-parent has joined, or the invite module's limits refuse it.
   */
  async function resendByEmail(
    userId: string,
    locale: Locale,
  ): Promise<ResendCoParentEmailResponse> {
    const [user, member] = await Promise.all([
      findUserById(db, userId),
      findMemberOfUser(db, userId),
    ]);
    const found =
      user?.kind === 'PARENT' && member ? await findCoParentOfParent(db, member) : undefined;
    const coParentUser = found?.coParent.userId
      ? await findUserById(db, found.coParent.userId)
      : undefined;
    const email = coParentUser?.email;
    if (!found || !coParentUser || !email) {
      throw refusal('coParentEmail_noInvitation_error', locale);
    }
    if (found.joinedAt) throw refusal('coParentText_alreadyJoined_error', locale);
    if (!(await findFirstInvitedAt(db, found.coParent.id))) {
      throw refusal('coParentEmail_noInvitation_error', locale);
    }
    try {
      await newLinks.emailNewLink(
        {
          familyId: found.coParent.familyId,
          familyMemberId: found.coParent.id,
          invitedByUserId: userId,
        },
        { ...coParentUser, email },
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        throw refusal('coParentEmail_resendTooSoon_error', locale);
      }
      throw error;
    }
    return { sentTo: email };
  }

  return { statusFor, resendByEmail };
}
