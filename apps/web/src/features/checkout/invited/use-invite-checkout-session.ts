import {
  INVITE_PATHS,
  type InvitedContext,
  type InvitedUser,
  isPhoneCodeId,
} from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutSession } from '@/features/checkout/checkout-session';
import { inviteFlowId, useCheckoutStore } from '@/features/checkout/checkout-store';
import { saveInvitePaymentResult } from '@/stores/invite-payment-result';
import { inviteCheckoutCalls } from './invite-checkout-calls';

/**
 * The checkout in its invited mode: the invited user's calls and details,
 * no referral select, no pay-for-co-parent; a pricing error or a confirmed country mismatch goes
 * back to /invite/packages; 403/112 resets the checkout and goes to /invite/request; a current
 * subscription goes on to /invite/credentials; a payment's result is handed to
 * /invite/credentials and /invite/receipt (`saveInvitePaymentResult`).
 */
export function useInviteCheckoutSession({
  token,
  context,
  user,
}: {
  token: string;
  context: InvitedContext;
  user: InvitedUser | undefined;
}): CheckoutSession | undefined {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paymentCodes = useCheckoutStore((s) => s.paymentCodes);
  const { userId, isSubscriptionCurrent } = context;
  const contextCountry = context.address.country;
  return useMemo(() => {
    if (!user) return undefined;
    const phoneCountryCode = isPhoneCodeId(user.phoneCountryCode)
      ? user.phoneCountryCode
      : undefined;
    const session: CheckoutSession = {
      flowId: inviteFlowId(userId),
      calls: inviteCheckoutCalls({ token, userId }),
      isInvited: true,
      showReferral: false,
      canPayForCoParent: false,
      parent: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email ?? '',
        ...(phoneCountryCode ? { phoneCountryCode } : {}),
        ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
      },
      defaultCountry: user.address.country ?? contextCountry ?? undefined,
      paymentCodes,
      onPaymentCodesChange: (codes) => useCheckoutStore.getState().setPaymentCodes(codes),
      onSessionGone: () => {
        useCheckoutStore.getState().reset();
        navigate(INVITE_PATHS.request, { replace: true });
      },
      onChoosePackageAgain: () => navigate(INVITE_PATHS.packages),
      onPricingFailed: () => navigate(INVITE_PATHS.packages, { replace: true }),
      isSubscriptionCurrent,
      onAlreadyPaid: () => navigate(INVITE_PATHS.credentials, { replace: true }),
      onPaid: ({ receipt, registration, clickToJoinToken }) => {
        // The server records the terms agreed with the payment.
        saveInvitePaymentResult({ userId, receipt, registration }, clickToJoinToken);
        // The invited context and user changed (subscription current, address saved).
        void queryClient.invalidateQueries({ queryKey: ['invite'] });
        navigate(INVITE_PATHS.credentials);
      },
    };
    return session;
  }, [
    token,
    userId,
    user,
    contextCountry,
    isSubscriptionCurrent,
    paymentCodes,
    navigate,
    queryClient,
  ]);
}
