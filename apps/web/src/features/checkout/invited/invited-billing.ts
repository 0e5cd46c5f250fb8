import type { InvitedUser, SavedBilling } from '@coparent/domain';

/**
 * The invited user's saved billing (GET /v2/users/{userId}) in the shape the Billing view
 * prefills from; null until a country is saved (the form then starts from the default country).
 */
export function invitedSavedBilling(user: InvitedUser): SavedBilling | null {
  const { address } = user;
  if (!address.country) return null;
  return {
    address: {
      line1: address.line1 ?? '',
      line2: address.line2,
      city: address.city ?? '',
      region: address.region ?? '',
      postalCode: address.postalCode ?? '',
      country: address.country,
    },
    timeZone: user.timeZone ?? '',
    referral: null,
    consentRequired: user.consentRequired,
  };
}
