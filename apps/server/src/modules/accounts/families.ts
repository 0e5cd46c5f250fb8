import type { Executor } from '../../db/client.js';
import type { FamilyMemberRow } from '../../db/schema.js';
import { findFamilyMembers, markInvitesAccepted } from './repo.js';

/** A family's members, in their order, as the account home and the invite screens show them. */
export function familyMembers(exec: Executor, familyId: string): Promise<FamilyMemberRow[]> {
  return findFamilyMembers(exec, familyId);
}

/** The user has set their credentials: every invitation to them counts as accepted from `at`. */
export function acceptInvitations(exec: Executor, userId: string, at: Date): Promise<void> {
  return markInvitesAccepted(exec, userId, at);
}
