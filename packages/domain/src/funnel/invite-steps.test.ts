import { describe, expect, it } from 'vitest';
import {
  afterInviteCredentials,
  INVITE_PATHS,
  inviteBillingInfoRedirect,
  inviteCoveredRedirect,
  inviteCredentialsRedirect,
  invitePaymentRedirect,
  inviteScreenRedirect,
  isInviteAuthFailure,
  isInviteCompletedProblem,
  isInviteRequestFailure,
  mayGetInviteCredentials,
  nextInviteStep,
} from './invite-steps.js';

describe('nextInviteStep', () => {
  it('step 1 submit: 2 and billing info when current but billing incomplete', () => {
    expect(
      nextInviteStep({
        kind: 'STEP1_SUBMITTED',
        isSubscriptionCurrent: true,
        billingAddressComplete: false,
      }),
    ).toEqual({ step: 2, path: INVITE_PATHS.billingInfo });
  });

  it('step 1 submit: 1 and packages otherwise', () => {
    for (const [current, complete] of [
      [false, false],
      [false, true],
      [true, true],
    ] as const) {
      expect(
        nextInviteStep({
          kind: 'STEP1_SUBMITTED',
          isSubscriptionCurrent: current,
          billingAddressComplete: complete,
        }),
      ).toEqual({ step: 1, path: INVITE_PATHS.packages });
    }
  });

  it("step 1 submit in a professional's family: 1 and the credentials (nothing to pay)", () => {
    expect(
      nextInviteStep({
        kind: 'STEP1_SUBMITTED',
        isSubscriptionCurrent: false,
        billingAddressComplete: false,
        userCreatedByPro: true,
      }),
    ).toEqual({ step: 1, path: INVITE_PATHS.credentials });
  });

  it('package choice: 1 for build-your-own, 2 otherwise', () => {
    expect(nextInviteStep({ kind: 'PACKAGE_CHOSEN', buildYourOwn: true })).toEqual({
      step: 1,
      path: '/invite/choose-your-own',
    });
    expect(nextInviteStep({ kind: 'PACKAGE_CHOSEN', buildYourOwn: false })).toEqual({
      step: 2,
      path: '/invite/payment',
    });
  });

  it('choose-your-own submit: 2 and payment', () => {
    expect(nextInviteStep({ kind: 'CHOOSE_YOUR_OWN_SUBMITTED' })).toEqual({
      step: 2,
      path: '/invite/payment',
    });
  });
});

describe('invitePaymentRedirect', () => {
  it('sends to packages with 1, to step 1 with 0, nowhere with 2', () => {
    expect(invitePaymentRedirect(0)).toBe('/invite/step1');
    expect(invitePaymentRedirect(1)).toBe('/invite/packages');
    expect(invitePaymentRedirect(2)).toBeNull();
  });
});

describe('invite failure statuses', () => {
  it('403 and 112 are auth failures', () => {
    expect([403, 112, 401, 404, undefined].map(isInviteAuthFailure)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
  it('111, 404 or a "fail" message are request failures', () => {
    expect(isInviteRequestFailure(111)).toBe(true);
    expect(isInviteRequestFailure(404)).toBe(true);
    expect(isInviteRequestFailure(500, 'request failed')).toBe(true);
    expect(isInviteRequestFailure(200, 'ok')).toBe(false);
  });
});

describe('mayGetInviteCredentials / inviteCredentialsRedirect', () => {
  const base = {
    isSubscriptionCurrent: false,
    billingAddressComplete: false,
    userCreatedByPro: false,
    lastCompletedStep: 0,
  };

  it('allows a paid subscription with its billing address, even straight from the welcome', () => {
    const paid = { ...base, isSubscriptionCurrent: true, billingAddressComplete: true };
    expect(mayGetInviteCredentials(paid)).toBe(true);
    expect(inviteCredentialsRedirect(paid)).toBeNull();
  });

  it('sends a paid subscription without billing to step 1, then to the billing info', () => {
    const paid = { ...base, isSubscriptionCurrent: true };
    expect(mayGetInviteCredentials(paid)).toBe(false);
    expect(inviteCredentialsRedirect(paid)).toBe(INVITE_PATHS.step1);
    expect(inviteCredentialsRedirect({ ...paid, lastCompletedStep: 2 })).toBe(
      INVITE_PATHS.billingInfo,
    );
  });

  it('sends someone who has not paid to the payment steps', () => {
    expect(mayGetInviteCredentials({ ...base, lastCompletedStep: 2 })).toBe(false);
    expect(inviteCredentialsRedirect(base)).toBe(INVITE_PATHS.step1);
    expect(inviteCredentialsRedirect({ ...base, lastCompletedStep: 1 })).toBe(
      INVITE_PATHS.packages,
    );
    expect(inviteCredentialsRedirect({ ...base, lastCompletedStep: 2 })).toBe(INVITE_PATHS.payment);
  });

  it("lets a professional's family in after step 1, without a payment", () => {
    const pro = { ...base, userCreatedByPro: true };
    expect(mayGetInviteCredentials(pro)).toBe(false);
    expect(inviteCredentialsRedirect(pro)).toBe(INVITE_PATHS.step1);
    expect(mayGetInviteCredentials({ ...pro, lastCompletedStep: 1 })).toBe(true);
  });
});

describe('isInviteCompletedProblem', () => {
  it('recognises only the completed member set to true', () => {
    expect(isInviteCompletedProblem({ code: 'INVITE_INVALID', inviteCompleted: true })).toBe(true);
    expect(isInviteCompletedProblem({ code: 'INVITE_INVALID' })).toBe(false);
    expect(isInviteCompletedProblem({ inviteCompleted: 'true' })).toBe(false);
    expect(isInviteCompletedProblem(null)).toBe(false);
  });
});

describe('inviteCoveredRedirect', () => {
  it("sends a professional's family past the packages and the payment, to what they still owe", () => {
    expect(inviteCoveredRedirect({ userCreatedByPro: true, lastCompletedStep: 0 })).toBe(
      '/invite/step1',
    );
    expect(inviteCoveredRedirect({ userCreatedByPro: true, lastCompletedStep: 1 })).toBe(
      '/invite/credentials',
    );
    expect(inviteCoveredRedirect({ userCreatedByPro: true, lastCompletedStep: 2 })).toBe(
      '/invite/credentials',
    );
    expect(inviteCoveredRedirect({ userCreatedByPro: false, lastCompletedStep: 1 })).toBeNull();
  });
});

describe('inviteScreenRedirect', () => {
  const progress = {
    isSubscriptionCurrent: false,
    billingAddressComplete: false,
    userCreatedByPro: false,
    lastCompletedStep: 0,
  };

  it('lets every live invite onto step 1', () => {
    expect(inviteScreenRedirect(INVITE_PATHS.step1, progress)).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.step1, { ...progress, lastCompletedStep: 2 }),
    ).toBeNull();
  });

  it('sends an invite to the packages only once step 1 is done, and a professional’s family on', () => {
    expect(inviteScreenRedirect(INVITE_PATHS.packages, progress)).toBe(INVITE_PATHS.step1);
    expect(
      inviteScreenRedirect(INVITE_PATHS.packages, { ...progress, lastCompletedStep: 1 }),
    ).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.packages, {
        ...progress,
        userCreatedByPro: true,
        lastCompletedStep: 1,
      }),
    ).toBe(INVITE_PATHS.credentials);
  });

  it('sends an invite to build its own options once step 1 is done, and a professional’s family on', () => {
    expect(inviteScreenRedirect(INVITE_PATHS.chooseYourOwn, progress)).toBe(INVITE_PATHS.step1);
    expect(
      inviteScreenRedirect(INVITE_PATHS.chooseYourOwn, { ...progress, lastCompletedStep: 1 }),
    ).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.chooseYourOwn, {
        ...progress,
        userCreatedByPro: true,
        lastCompletedStep: 1,
      }),
    ).toBe(INVITE_PATHS.credentials);
  });

  it('sends an invite to the billing info only with a paid subscription still without an address', () => {
    const paid = { ...progress, isSubscriptionCurrent: true, lastCompletedStep: 1 };
    expect(inviteScreenRedirect(INVITE_PATHS.billingInfo, paid)).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.billingInfo, { ...paid, billingAddressComplete: true }),
    ).toBe(INVITE_PATHS.credentials);
    expect(inviteScreenRedirect(INVITE_PATHS.billingInfo, { ...paid, lastCompletedStep: 0 })).toBe(
      INVITE_PATHS.step1,
    );
    expect(
      inviteScreenRedirect(INVITE_PATHS.billingInfo, { ...progress, lastCompletedStep: 1 }),
    ).toBe(INVITE_PATHS.packages);
  });

  it('sends an invite to the payment once its package is chosen, and a paid one on', () => {
    expect(inviteScreenRedirect(INVITE_PATHS.payment, { ...progress, lastCompletedStep: 1 })).toBe(
      INVITE_PATHS.packages,
    );
    expect(
      inviteScreenRedirect(INVITE_PATHS.payment, { ...progress, lastCompletedStep: 2 }),
    ).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.payment, {
        ...progress,
        lastCompletedStep: 2,
        isSubscriptionCurrent: true,
      }),
    ).toBe(INVITE_PATHS.credentials);
  });

  it('sends an invite to the credentials only once it may set them', () => {
    const paid = {
      ...progress,
      isSubscriptionCurrent: true,
      billingAddressComplete: true,
      lastCompletedStep: 2,
    };
    expect(inviteScreenRedirect(INVITE_PATHS.credentials, paid)).toBeNull();
    expect(
      inviteScreenRedirect(INVITE_PATHS.credentials, { ...paid, billingAddressComplete: false }),
    ).toBe(INVITE_PATHS.billingInfo);
    expect(
      inviteScreenRedirect(INVITE_PATHS.credentials, { ...progress, lastCompletedStep: 2 }),
    ).toBe(INVITE_PATHS.payment);
    expect(
      inviteScreenRedirect(INVITE_PATHS.credentials, {
        ...progress,
        userCreatedByPro: true,
        lastCompletedStep: 1,
      }),
    ).toBeNull();
  });

  it('sends a live invite from the receipt to its credentials, or to what it still owes', () => {
    const paid = {
      ...progress,
      isSubscriptionCurrent: true,
      billingAddressComplete: true,
      lastCompletedStep: 2,
    };
    expect(inviteScreenRedirect(INVITE_PATHS.receipt, paid)).toBe(INVITE_PATHS.credentials);
    expect(inviteScreenRedirect(INVITE_PATHS.receipt, { ...progress, lastCompletedStep: 2 })).toBe(
      INVITE_PATHS.payment,
    );
  });

  it('leaves a screen the server does not write to the app', () => {
    expect(inviteScreenRedirect(INVITE_PATHS.request, { ...progress, lastCompletedStep: 2 })).toBe(
      INVITE_PATHS.welcome,
    );
  });
});

describe('afterInviteCredentials', () => {
  it('shows the receipt of a payment of their own, else the account home', () => {
    expect(afterInviteCredentials({ hasOwnReceipt: true })).toBe(INVITE_PATHS.receipt);
    expect(afterInviteCredentials({ hasOwnReceipt: false })).toBe('/app/account/');
  });
});

describe('inviteBillingInfoRedirect', () => {
  const paid = {
    isSubscriptionCurrent: true,
    billingAddressComplete: false,
    userCreatedByPro: false,
    lastCompletedStep: 2,
  };

  it('is for a paid subscription whose address is missing, after step 1', () => {
    expect(inviteBillingInfoRedirect(paid)).toBeNull();
    expect(inviteBillingInfoRedirect({ ...paid, lastCompletedStep: 0 })).toBe(INVITE_PATHS.step1);
    expect(inviteBillingInfoRedirect({ ...paid, billingAddressComplete: true })).toBe(
      INVITE_PATHS.credentials,
    );
    expect(inviteBillingInfoRedirect({ ...paid, isSubscriptionCurrent: false })).toBe(
      INVITE_PATHS.payment,
    );
  });
});
