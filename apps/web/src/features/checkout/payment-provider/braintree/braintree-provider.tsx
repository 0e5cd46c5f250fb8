import type { ClientTokenResponse } from '@coparent/domain';
import type { BrowserPaymentProvider, CardFormProps, WalletProps } from '../payment-provider';
import { BraintreeCardFields } from './braintree-card-fields';
import { createBraintreeSession } from './braintree-sdk';
import { BraintreeWallet } from './braintree-wallet';

/**
 * The braintree-web provider (loaded with a dynamic import by `usePaymentProvider`): one client
 * from the client token, hosted fields for cards, the data collector for GB card payments,
 * PayPal, Venmo and Apple Pay where this browser supports them.
 */
export async function createBraintreeProvider(
  token: Pick<ClientTokenResponse, 'clientToken' | 'merchantCurrency'>,
): Promise<BrowserPaymentProvider> {
  const session = await createBraintreeSession(token);
  const CardForm = (props: CardFormProps) => <BraintreeCardFields {...props} session={session} />;
  const Wallet = (props: WalletProps) => <BraintreeWallet {...props} session={session} />;
  return {
    name: 'braintree',
    CardForm,
    Wallet,
    deviceData: session.deviceData,
    supports: { venmo: session.venmo !== null, applePay: session.applePay !== null },
  };
}
