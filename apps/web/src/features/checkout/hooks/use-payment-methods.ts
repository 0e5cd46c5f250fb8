import {
  type CardType,
  EXPERIMENTS,
  isTreatment,
  type PaymentProvider,
  type PaymentType,
  RESTRICTIONS,
} from '@coparent/domain';
import { useFlag, useRestriction } from '../../../lib/flags';

declare global {
  interface Window {
    ApplePaySession?: { canMakePayments: () => boolean };
  }
}

/** Apple Pay needs Safari's ApplePaySession (with Braintree); the local sandbox simulates it. */
function isApplePaySupported(provider: PaymentProvider): boolean {
  if (provider === 'sandbox') return true;
  try {
    return typeof window !== 'undefined' && Boolean(window.ApplePaySession?.canMakePayments());
  } catch {
    return false;
  }
}

/**
 * Venmo needs braintree-web's `venmo.isBrowserSupported()` (a mobile browser or the Venmo app);
 * the Braintree seam does not load it yet (see braintree-hosted-fields.tsx), so only the sandbox
 * offers Venmo.
 */
function isVenmoSupported(provider: PaymentProvider): boolean {
  return provider === 'sandbox';
}

export type PaymentMethodOptions = {
  methods: PaymentType[];
  /** Card brands the restriction flags refuse (hide-amex, hide-discover). */
  refusedCardTypes: CardType[];
};

/**
 * Which payment methods to offer (spec 001 §6): the card always; PayPal when the paypal-in-join
 * experiment is on, the country is not GB and it is not hidden; Venmo only for US billing
 * addresses, supported browsers and its experiment on; Apple Pay unless hidden (and supported).
 */
export function usePaymentMethods(
  country: string | undefined,
  provider: PaymentProvider,
): PaymentMethodOptions {
  const paypalArm = useFlag(EXPERIMENTS.paypalInJoin);
  const venmoArm = useFlag(EXPERIMENTS.venmo);
  const hidePaypal = useRestriction(RESTRICTIONS.hidePaypal);
  const hideVenmo = useRestriction(RESTRICTIONS.hideVenmo);
  const hideApplePay = useRestriction(RESTRICTIONS.hideApplePay);
  const hideAmex = useRestriction(RESTRICTIONS.hideAmex);
  const hideDiscover = useRestriction(RESTRICTIONS.hideDiscover);

  const methods: PaymentType[] = ['CREDIT_CARD'];
  if (isTreatment(paypalArm) && country !== 'GB' && !hidePaypal) methods.push('PAYPAL');
  if (country === 'US' && isTreatment(venmoArm) && !hideVenmo && isVenmoSupported(provider)) {
    methods.push('VENMO');
  }
  if (!hideApplePay && isApplePaySupported(provider)) methods.push('APPLE_PAY');

  const refusedCardTypes: CardType[] = [];
  if (hideAmex) refusedCardTypes.push('American Express');
  if (hideDiscover) refusedCardTypes.push('Discover');
  return { methods, refusedCardTypes };
}
