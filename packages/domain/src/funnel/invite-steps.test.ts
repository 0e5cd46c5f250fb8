import { describe, expect, it } from 'vitest';
import {
  INVITE_PATHS,
  invitePaymentRedirect,
  isInviteAuthFailure,
  isInviteRequestFailure,
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
