import { type InviteStep, type SavedOrder, SubscriptionTermSchema } from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { findUserAddress, findUserById, hasCredentials } from '../account/repo.js';
import { familyMembers } from '../accounts/families.js';
import type { InviteAuth } from './deps.js';
import { findCurrentSubscription, findInviteProgress, findParentProfile } from './repo.js';

/** What the invited flow knows of the token's user and family, read afresh on every call. */
export async function readInviteState(db: Executor, auth: InviteAuth, instant: Date) {
  const { user, invite } = auth;
  const members = await familyMembers(db, invite.familyId);
  const subscription = await findCurrentSubscription(db, invite.familyMemberId, instant);
  const address = await findUserAddress(db, user.id);
  const progress = await findInviteProgress(db, user.id);
  const profile = await findParentProfile(db, user.id);
  const credentials = await hasCredentials(db, user.id);
  const pro = user.createdByProfessionalId
    ? await findUserById(db, user.createdByProfessionalId)
    : undefined;
  const billingAddressComplete = Boolean(
    address?.line1 && address.city && address.country && user.timeZone,
  );
  return {
    members,
    subscription,
    address,
    progress,
    profile,
    credentials,
    pro,
    billingAddressComplete,
  };
}

/** The invited flow's step as saved (0 to 2). */
export function progressStep(value: number | undefined): InviteStep {
  return (Math.min(Math.max(value ?? 0, 0), 2) as InviteStep) ?? 0;
}

/** The order the invited user chose, as saved. */
export function savedOrder(
  progress: Awaited<ReturnType<typeof findInviteProgress>>,
): SavedOrder | null {
  if (!progress?.packageId) return null;
  return {
    packageId: progress.packageId,
    productId: SubscriptionTermSchema.safeParse(progress.productId).data ?? null,
    services: progress.services.filter((code): code is SavedOrder['services'][number] =>
      ['MYFILES', 'TONEMETER', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'].includes(code),
    ),
  };
}
