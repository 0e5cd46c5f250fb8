import type { InvitedContext } from '@coparent/domain';

export const INVITE_TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/** An invited co-parent whose subscription Parent A did not pay for. */
export function invitedContext(overrides: Partial<InvitedContext> = {}): InvitedContext {
  return {
    userId: '11111111-1111-4111-8111-111111111111',
    isSubscriptionCurrent: false,
    billingAddressComplete: false,
    requireCredentials: true,
    familyMembers: [
      {
        userId: '22222222-2222-4222-8222-222222222222',
        firstName: 'Ana',
        lastName: 'López',
        color: '#1F5FA8',
        displayInitials: 'AL',
      },
      {
        userId: '11111111-1111-4111-8111-111111111111',
        firstName: 'Luis',
        lastName: 'García',
        color: '#A3306B',
        displayInitials: 'LG',
      },
      {
        userId: null,
        firstName: 'Sofía',
        lastName: 'García',
        color: '#2E7D32',
        displayInitials: 'SG',
      },
    ],
    userCreatedByPro: false,
    pro: null,
    coparentPackageId: null,
    availableCoupons: [],
    agreedToTerms: false,
    address: { country: 'US' },
    lastCompletedStep: 0,
    locale: 'en',
    expiresAt: '2025-05-15T14:03:00.000Z',
    ...overrides,
  };
}
