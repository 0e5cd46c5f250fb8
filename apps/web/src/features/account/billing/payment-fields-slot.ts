import type { ClientTokenResponse, PaymentType } from '@coparent/domain';
import type { ComponentType, Ref } from 'react';

/**
 * The payment methods the billing page shows to update the one on file: the checkout's (its card
 * fields, hosted or the sandbox's own, and its wallets), handed in by the screen, since a feature
 * does not import another.
 */
export type PaymentFieldsHandle = {
  /**
   * The nonce of the chosen method: the card typed (null when a field is refused, shown beside
   * it) or the wallet's approval.
   */
  tokenize: (context: {
    cardholderName: string;
    postalCode?: string;
  }) => Promise<{ nonce: string; paymentType: PaymentType } | null>;
};

export type PaymentFieldsProps = {
  clientToken: ClientTokenResponse;
  country: string | undefined;
  /** The renewal's amount in minor units, for Apple Pay's sheet (0 when unknown). */
  total: number;
  ref?: Ref<PaymentFieldsHandle>;
  onValidityChange: (isValid: boolean) => void;
  /** The method chosen, and those offered (the card alone unless a wallet is). */
  onMethodChange: (method: { chosen: PaymentType; offered: readonly PaymentType[] }) => void;
  isDisabled: boolean;
};

export type PaymentFieldsComponent = ComponentType<PaymentFieldsProps>;
