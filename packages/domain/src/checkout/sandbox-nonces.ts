import type { PaymentType } from '../constants/enums.js';

/**
 * The wallet nonces the local sandbox gateway hands out after its confirmation dialog, as
 * Braintree's sandbox documents them: PayPal's vaulted billing agreement, a Venmo account and an
 * Apple Pay Visa card. The browser's sandbox buttons send them; the server's sandbox accepts them.
 */
export const SANDBOX_WALLET_NONCES = {
  PAYPAL: 'fake-paypal-billing-agreement-nonce',
  VENMO: 'fake-venmo-account-nonce',
  APPLE_PAY: 'fake-apple-pay-visa-nonce',
} as const satisfies Record<Exclude<PaymentType, 'CREDIT_CARD'>, string>;
