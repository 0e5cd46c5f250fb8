import type { Executor } from '../../db/client.js';
import type { FamilyMemberRow, SmsOutboxRow } from '../../db/schema.js';
import { familyMembers } from '../accounts/families.js';
import { findJoinedAt, findNewestInvitationText } from './repo.js';

/** Parent A's co-parent as the home's two co-parent cards read them, in one read. */
export type CoParentOfParent = {
  coParent: FamilyMemberRow;
  /** The newest invitation text to them (none: never invited by text). */
  newestText: SmsOutboxRow | undefined;
  /** When they made their login (null: not joined yet). */
  joinedAt: Date | null;
};

/**
 * The family's co-parent when `member` is its Parent A (anyone else has none to follow).
 * `members` is the family when the caller has read it already.
 */
export async function findCoParentOfParent(
  exec: Executor,
  member: FamilyMemberRow,
  members?: FamilyMemberRow[],
): Promise<CoParentOfParent | undefined> {
  if (member.role !== 'PARENT') return undefined;
  const family = members ?? (await familyMembers(exec, member.familyId));
  const coParent = family.find((m) => m.role === 'CO_PARENT');
  if (!coParent) return undefined;
  const [newestText, joinedAt] = await Promise.all([
    findNewestInvitationText(exec, coParent.id),
    coParent.userId ? findJoinedAt(exec, coParent.userId) : null,
  ]);
  return { coParent, newestText, joinedAt };
}
