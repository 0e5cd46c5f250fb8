import {
  type CardType,
  EXPERIMENTS,
  isTreatment,
  PAYMENT_TYPE_RESTRICTIONS,
  type PaymentType,
  RESTRICTIONS,
} from '@coparent/domain';
import { useFlag, useRestriction } from '@/lib/flags';
import type { BrowserPaymentProvider } from '../payment-provider/payment-provider';

type PaymentMethodOptions = {
  methods: PaymentType[];
  /** Card brands the restriction flags refuse (hide-amex, hide-discover). */
  refusedCardTypes: CardType[];
};

/**
 * Which payment methods to offer: the card always; PayPal when the paypal-in-join
 * experiment is on, the country is not GB and it is not hidden; Venmo only for US billing
 * addresses, browsers the provider supports and its experiment on; Apple Pay unless hidden (and
 * supported: Safari's ApplePaySession with Braintree; the local sandbox simulates both), listed
 * first in the apple-pay experiment's Treatment (decision 020).
 */
export function usePaymentMethods(
  country: string | undefined,
  supports: BrowserPaymentProvider['supports'],
  /** False outside the checkout (the account's billing page): the arms are read, not exposed. */
  { inTheCheckout = true }: { inTheCheckout?: boolean } = {},
): PaymentMethodOptions {
  const exposure = { recordsExposure: inTheCheckout };
  const paypalArm = useFlag(EXPERIMENTS.paypalInJoin, exposure);
  const venmoArm = useFlag(EXPERIMENTS.venmo, exposure);
  const applePayArm = useFlag(EXPERIMENTS.applePay, exposure);
  // The wallets' restrictions as the server enforces them at the payment.
  const hidePaypal = useRestriction(PAYMENT_TYPE_RESTRICTIONS.PAYPAL);
  const hideVenmo = useRestriction(PAYMENT_TYPE_RESTRICTIONS.VENMO);
  const hideApplePay = useRestriction(PAYMENT_TYPE_RESTRICTIONS.APPLE_PAY);
  const hideAmex = useRestriction(RESTRICTIONS.hideAmex);
  const hideDiscover = useRestriction(RESTRICTIONS.hideDiscover);

  const methods: PaymentType[] = ['CREDIT_CARD'];
  if (isTreatment(paypalArm) && country !== 'GB' && !hidePaypal) methods.push('PAYPAL');
  if (country === 'US' && isTreatment(venmoArm) && !hideVenmo && supports.venmo) {
    methods.push('VENMO');
  }
  if (!hideApplePay && supports.applePay) {
    if (isTreatment(applePayArm)) methods.unshift('APPLE_PAY');
    else methods.push('APPLE_PAY');
  }

  const refusedCardTypes: CardType[] = [];
  if (hideAmex) refusedCardTypes.push('American Express');
  if (hideDiscover) refusedCardTypes.push('Discover');
  return { methods, refusedCardTypes };
}
