import { type InvitedContext, type InvitedUser, nextInviteStep } from '@coparent/domain';
import { type MockReply, on, type RecordedCall } from './fetch-mock';

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

/** GET /v2/users/:userId of the invited co-parent (secrets are never answered). */
export function invitedUser(overrides: Partial<InvitedUser> = {}): InvitedUser {
  return {
    userId: '11111111-1111-4111-8111-111111111111',
    firstName: 'Luis',
    lastName: 'García',
    email: 'luis@example.com',
    phoneCountryCode: 'US_CANADA',
    phoneNumber: '2125559876',
    timeZone: 'America/Chicago',
    agreedToTerms: false,
    marketingOptIn: false,
    address: {
      line1: '9 Elm St',
      line2: null,
      city: 'Austin',
      region: 'TX',
      postalCode: '73301',
      country: 'US',
      type: 'PRIMARY',
    },
    referral: null,
    securityQuestion: null,
    hasSecurityAnswer: false,
    hasSecurityCode: false,
    order: null,
    lastCompletedStep: 2,
    consentRequired: false,
    ...overrides,
  };
}

export const INVITED_USER_PATH = '/v2/users/11111111-1111-4111-8111-111111111111';

/**
 * A small fake of the invited calls of /invite/step1, /invite/packages and
 * /invite/choose-your-own: GET context and user answer the current state; a PATCH answers `reply`
 * (default: the server's progress for PARENT or PACKAGE, build-your-own ids 3005 and 3006) and
 * moves the state the way the server does.
 */
export function fakeInviteServer(
  init: { context?: Partial<InvitedContext>; user?: Partial<InvitedUser> } = {},
  reply?: (call: RecordedCall) => MockReply | undefined,
) {
  const state = { context: invitedContext(init.context), user: invitedUser(init.user) };
  const patch = (call: RecordedCall): MockReply => {
    const replied = reply?.(call);
    if (replied) return replied;
    const body = call.body as {
      sections: string[];
      order?: { packageId: number; productId?: string; services?: string[] };
    };
    let step = state.context.lastCompletedStep;
    let nextPath: string | null = null;
    if (body.sections.includes('PACKAGE') && body.order) {
      const isBuildYourOwn = [3005, 3006].includes(body.order.packageId);
      const isPending = isBuildYourOwn && !body.order.productId;
      step = isPending ? 1 : 2;
      nextPath = isPending ? '/invite/choose-your-own' : '/invite/payment';
      state.user = {
        ...state.user,
        order: {
          packageId: body.order.packageId,
          productId: (body.order.productId as 'SUB1YEAR' | 'SUB2YEAR' | undefined) ?? null,
          services: (body.order.services ?? []) as NonNullable<InvitedUser['order']>['services'],
        },
      };
    } else if (body.sections.includes('PARENT')) {
      const next = nextInviteStep({
        kind: 'STEP1_SUBMITTED',
        isSubscriptionCurrent: state.context.isSubscriptionCurrent,
        billingAddressComplete: state.context.billingAddressComplete,
        userCreatedByPro: state.context.userCreatedByPro,
      });
      step = next.step;
      nextPath = next.path;
    }
    state.context = { ...state.context, lastCompletedStep: step as 0 | 1 | 2 };
    return {
      body: { validationErrors: [], lastCompletedStep: step, nextPath, consentRequired: false },
    };
  };
  return {
    state,
    handlers: [
      on('GET', '/v2/invites/current', () => ({ body: state.context })),
      on('GET', INVITED_USER_PATH, () => ({ body: state.user })),
      on('PATCH', INVITED_USER_PATH, patch),
    ],
  };
}
