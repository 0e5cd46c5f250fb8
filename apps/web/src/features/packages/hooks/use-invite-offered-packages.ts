import { type InvitedContext, type InvitedUser, isPhoneCodeId } from '@coparent/domain';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import { useOfferedPackages } from './use-offered-packages';

/**
 * The packages of the invited user's pricing group: by their saved country when there is one
 * (context.address.country), else by the phone step 1 saved. Waits for the user to be read.
 */
export function useInviteOfferedPackages(context: InvitedContext, user: InvitedUser | undefined) {
  const country = context.address.country ?? user?.address.country ?? undefined;
  const code = user?.phoneCountryCode;
  const criteria = phonePricingCriteria(
    isPhoneCodeId(code) ? code : undefined,
    user?.phoneNumber ?? undefined,
    country,
  );
  return useOfferedPackages(criteria, { enabled: user !== undefined });
}
