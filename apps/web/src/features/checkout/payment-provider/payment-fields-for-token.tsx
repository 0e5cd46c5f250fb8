import type { ClientTokenResponse, PaymentType } from '@coparent/domain';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { RadioGroup } from '@/components/radio-group';
import { Spinner } from '@/components/spinner';
import { CheckoutProblem } from '../components/checkout-problem';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import type { CardFormHandle, WalletMethod } from './payment-provider';
import { usePaymentProvider } from './use-payment-provider';

/** The id of the method's radio group (its first box): where an error summary's link leads. */
const PAYMENT_METHOD_CHOICE_ID = 'payment-method';

export type PaymentFieldsForTokenHandle = {
  /**
   * The nonce of the chosen method: the card typed (null when a field is refused, shown beside
   * it), or the wallet's approval (single use: the wallet must approve again after it).
   */
  tokenize: (context: {
    cardholderName: string;
    postalCode?: string;
  }) => Promise<{ nonce: string; paymentType: PaymentType } | null>;
};

export type PaymentFieldsForTokenProps = {
  /** The client token the page got (the account's own call, or the checkout's). */
  clientToken: ClientTokenResponse;
  /** The billing country (its merchant account, the brands and wallets offered there). */
  country: string | undefined;
  /** The amount Apple Pay's sheet shows, in minor units (its button waits for one above 0). */
  total: number;
  ref?: Ref<PaymentFieldsForTokenHandle>;
  /** The card's fields are all valid, or the chosen wallet approved. */
  onValidityChange: (isValid: boolean) => void;
  /** The method chosen, and those offered (the card alone unless a wallet is). */
  onMethodChange: (method: { chosen: PaymentType; offered: readonly PaymentType[] }) => void;
  isDisabled: boolean;
};

const NO_WALLETS = { venmo: false, applePay: false };

/**
 * The checkout's payment methods for a client token, on a page other than the checkout (the
 * account's update of the method on file): the card fields (Braintree's hosted fields, or the
 * sandbox's own locally) and the wallets the checkout offers under the same flags and browser
 * support, each through the provider's own button (PayPal in its vault flow). Only a nonce
 * leaves for our server.
 */
export function PaymentFieldsForToken({
  clientToken,
  country,
  total,
  ref,
  onValidityChange,
  onMethodChange,
  isDisabled,
}: PaymentFieldsForTokenProps) {
  const { t } = useTranslation();
  const state = usePaymentProvider(clientToken, country);
  const provider = state.status === 'ready' ? state.provider : undefined;
  // Outside the checkout: the payer sees their arms, and no exposure is counted for them.
  const { methods, refusedCardTypes } = usePaymentMethods(
    country,
    provider?.supports ?? NO_WALLETS,
    { inTheCheckout: false },
  );
  const [method, setMethod] = useState<PaymentType>('CREDIT_CARD');
  const [isCardValid, setIsCardValid] = useState(false);
  const [approved, setApproved] = useState<Partial<Record<WalletMethod, string>>>({});
  const cardForm = useRef<CardFormHandle>(null);
  const chosen: PaymentType = methods.includes(method) ? method : 'CREDIT_CARD';
  const isValid = chosen === 'CREDIT_CARD' ? isCardValid : Boolean(approved[chosen]);

  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);
  // The list is a new array each render: its content says whether it changed.
  const offered = methods.join(',');
  useEffect(
    () => onMethodChange({ chosen, offered: offered.split(',') as PaymentType[] }),
    [chosen, offered, onMethodChange],
  );

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async (context) => {
        if (chosen === 'CREDIT_CARD') {
          const card = await cardForm.current?.tokenize(context);
          return card ? { nonce: card.nonce, paymentType: chosen } : null;
        }
        const nonce = approved[chosen];
        if (!nonce) return null;
        // A nonce is used once: a refusal asks for the wallet's approval again.
        setApproved((current) => ({ ...current, [chosen]: undefined }));
        return { nonce, paymentType: chosen };
      },
    }),
    [chosen, approved],
  );

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
    <>
      {methods.length > 1 ? (
        <RadioGroup
          id={PAYMENT_METHOD_CHOICE_ID}
          name="paymentMethod"
          legend={t('checkout.payment.methodLegend')}
          options={methods.map((value) => ({ value, label: t(`checkout.methods.${value}`) }))}
          value={chosen}
          onChange={(next) => {
            setMethod(next as PaymentType);
            setIsCardValid(false);
          }}
        />
      ) : null}
      {chosen === 'CREDIT_CARD' ? (
        <provider.CardForm
          ref={cardForm}
          refusedCardTypes={refusedCardTypes}
          onValidityChange={setIsCardValid}
          isDisabled={isDisabled}
        />
      ) : (
        <provider.Wallet
          key={chosen}
          method={chosen}
          hasNonce={Boolean(approved[chosen])}
          total={total}
          refusedCardTypes={refusedCardTypes}
          onApprove={({ nonce }) => setApproved((current) => ({ ...current, [chosen]: nonce }))}
          onCancel={() => setApproved((current) => ({ ...current, [chosen]: undefined }))}
        />
      )}
    </>
  );
}
