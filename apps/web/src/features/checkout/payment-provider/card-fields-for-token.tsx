import type { ClientTokenResponse } from '@coparent/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { CheckoutProblem } from '../components/checkout-problem';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import type { CardFormHandle } from './payment-provider';
import { usePaymentProvider } from './use-payment-provider';

export type CardFieldsForTokenProps = {
  /** The client token the page got (the account's own call, or the checkout's). */
  clientToken: ClientTokenResponse;
  /** The billing country (its merchant account, the brands refused there). */
  country: string | undefined;
  ref?: Ref<CardFormHandle>;
  onValidityChange: (isValid: boolean) => void;
  isDisabled: boolean;
};

const NO_WALLETS = { venmo: false, applePay: false };

/**
 * The checkout's card fields for a client token, on a page other than the checkout (the
 * account's card update): Braintree's hosted fields, or the sandbox's own fields locally, with
 * the brands the restriction flags refuse. The card never reaches our server: only its nonce.
 */
export function CardFieldsForToken({
  clientToken,
  country,
  ref,
  onValidityChange,
  isDisabled,
}: CardFieldsForTokenProps) {
  const { t } = useTranslation();
  const state = usePaymentProvider(clientToken, country);
  const provider = state.status === 'ready' ? state.provider : undefined;
  const { refusedCardTypes } = usePaymentMethods(country, provider?.supports ?? NO_WALLETS);
  if (state.status === 'failed') {
    return (
      <CheckoutProblem country={country}>
        <span>{t('braintree.loadFailed')}</span>{' '}
        <Button variant="link" onClick={state.retry}>
          {t('braintree.retry')}
        </Button>
      </CheckoutProblem>
    );
  }
  if (!provider) return <Spinner label={t('braintree.loading')} />;
  return (
    <provider.CardForm
      ref={ref}
      refusedCardTypes={refusedCardTypes}
      onValidityChange={onValidityChange}
      isDisabled={isDisabled}
    />
  );
}
