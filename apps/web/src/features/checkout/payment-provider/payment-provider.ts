import type { CardType, PaymentProvider, PaymentType } from '@coparent/domain';
import type { ComponentType, Ref } from 'react';

export type WalletMethod = Exclude<PaymentType, 'CREDIT_CARD'>;

/** A card nonce and what Review shows of the card (never the number itself). */
type CardNonce = { nonce: string; cardType: string; lastFour: string };

/** A wallet's nonce; Venmo also gives the account's username (shown on Review). */
export type WalletApproval = { nonce: string; venmoUsername?: string };

/** What Review Order asks of the card form on screen. */
export type CardFormHandle = {
  /**
   * The nonce of the card typed, or null when a field is refused (the form shows the messages
   * beside its fields). Throws when the provider itself fails (shown as a generic problem).
   */
  tokenize: (context: { cardholderName: string; postalCode?: string }) => Promise<CardNonce | null>;
};

export type CardFormProps = {
  ref?: Ref<CardFormHandle>;
  /** Brands the restriction flags refuse (hide-amex, hide-discover). */
  refusedCardTypes: readonly CardType[];
  /** Every field is valid: Review Order may tokenise. */
  onValidityChange: (isValid: boolean) => void;
  isDisabled: boolean;
};

export type WalletProps = {
  method: WalletMethod;
  hasNonce: boolean;
  /** The order's total in minor units (Apple Pay shows it to 2 decimals). */
  total: number;
  refusedCardTypes: readonly CardType[];
  onApprove: (approval: WalletApproval) => void;
  /** The person closed the wallet's window (PayPal cancel clears its nonce). */
  onCancel: () => void;
};

/**
 * The browser side of the payment gateway, one per server provider (GET /v2/payment/client-token):
 * the local sandbox (our own card form and confirmation dialogs) or braintree-web (hosted fields,
 * the data collector, PayPal, Venmo, Apple Pay). The Payment view only uses this.
 */
export type BrowserPaymentProvider = {
  name: PaymentProvider;
  /** The card fields: mounted by the component, tokenised through its handle. */
  CardForm: ComponentType<CardFormProps>;
  /** The PayPal, Venmo or Apple Pay button and what it leads to. */
  Wallet: ComponentType<WalletProps>;
  /** Device data for GB card payments (the payment request's `deviceData`); null when none. */
  deviceData: () => Promise<string | null>;
  /** Wallets this browser and merchant can use (Venmo's browser support, Apple Pay's session). */
  supports: { venmo: boolean; applePay: boolean };
};
