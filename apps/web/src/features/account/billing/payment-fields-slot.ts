import type { ClientTokenResponse } from '@coparent/domain';
import type { ComponentType, Ref } from 'react';

/**
 * The card fields the billing page shows to update the card: the checkout's (hosted fields, or
 * the sandbox's own), handed in by the screen, since a feature does not import another.
 */
export type PaymentFieldsHandle = {
  /** The nonce of the card typed, or null when a field is refused (shown beside it). */
  tokenize: (context: {
    cardholderName: string;
    postalCode?: string;
  }) => Promise<{ nonce: string; cardType: string; lastFour: string } | null>;
};

export type PaymentFieldsProps = {
  clientToken: ClientTokenResponse;
  country: string | undefined;
  ref?: Ref<PaymentFieldsHandle>;
  onValidityChange: (isValid: boolean) => void;
  isDisabled: boolean;
};

export type PaymentFieldsComponent = ComponentType<PaymentFieldsProps>;
