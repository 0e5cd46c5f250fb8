import { type InvitedContext, type InvitedUser, isPhoneCodeId } from '@coparent/domain';
import {
  type PricingCriteria,
  phonePricingCriteria,
} from '@/features/packages/api/get-pricing-group';
import { useOfferedPackages } from './use-offered-packages';

/** The invited user's pricing criteria: their saved country, else the phone step 1 saved. */
export function invitePricingCriteria(
  context: Pick<InvitedContext, 'address'>,
  user: InvitedUser | undefined,
): PricingCriteria {
  const country = context.address.country ?? user?.address.country ?? undefined;
  const code = user?.phoneCountryCode;
  return phonePricingCriteria(
    isPhoneCodeId(code) ? code : undefined,
    user?.phoneNumber ?? undefined,
    country,
  );
}

/**
 * The packages of the invited user's pricing group: by their saved country when there is one
 * (context.address.country), else by the phone step 1 saved. Waits for the user to be read.
 */
export function useInviteOfferedPackages(context: InvitedContext, user: InvitedUser | undefined) {
  return useOfferedPackages(invitePricingCriteria(context, user), { enabled: user !== undefined });
}
