import {
  codesCoveringOrder,
  type PaymentType,
  type PricingResponse,
  type SavedOrder,
} from '@coparent/domain';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import { RadioGroup } from '@/components/radio-group';
import { Spinner } from '@/components/spinner';
import { WaitBanner } from '@/components/wait-banner';
import { track } from '@/lib/analytics';
import { useTooManyAttempts } from '@/lib/use-too-many-attempts';
import { useClientToken } from '../api/get-client-token';
import { useCheckoutSession } from '../checkout-session';
import { hasNonce, useCheckoutStore } from '../checkout-store';
import { useCodeBox } from '../hooks/use-code-box';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import type { CardFormHandle, WalletMethod } from '../payment-provider/payment-provider';
import { usePaymentProvider } from '../payment-provider/use-payment-provider';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout-problem';
import { CodeBox } from './code-box';
import { ConsentFields } from './consent-fields';
import { FreeOrderNotice } from './free-order-notice';

type PaymentViewProps = {
  order: SavedOrder;
  pricing: PricingResponse | undefined;
  isPricing: boolean;
  /** A kept code the order's price refused (the page says why and offers to remove it). */
  refusedCode?: string | undefined;
  /** The Back button (to Billing). */
  backButton: ReactNode;
};

const NO_WALLETS = { venmo: false, applePay: false };

/**
 * The Payment view: the method (card, PayPal, Venmo, Apple Pay), the code
 * box, the consent checkboxes when required, pay-for-co-parent (not for invited users), and
 * Review Order — enabled only
 * when the method has its credential and an open code box holds a valid code.
 */
export function PaymentView({
  order,
  pricing,
  isPricing,
  refusedCode,
  backButton,
}: PaymentViewProps) {
  const { t } = useTranslation();
  const session = useCheckoutSession();
  const billing = useCheckoutStore((s) => s.billing);
  const method = useCheckoutStore((s) => s.method);
  const nonces = useCheckoutStore((s) => s.nonces);
  const card = useCheckoutStore((s) => s.card);
  const consent = useCheckoutStore((s) => s.consent);
  const isPayingForCoparent = useCheckoutStore((s) => s.isPayingForCoparent);
  const store = useCheckoutStore.getState;
  const country = billing?.country;
  const clientToken = useClientToken(country);
  const providerState = usePaymentProvider(clientToken.data, country);
  const provider = providerState.status === 'ready' ? providerState.provider : undefined;
  const { methods, refusedCardTypes } = usePaymentMethods(
    country,
    provider?.supports ?? NO_WALLETS,
  );
  const codeBox = useCodeBox(order, pricing, refusedCode);
  const hintId = useId();

  // The card itself stays in the provider's form (never stored); its nonce is kept instead.
  const cardForm = useRef<CardFormHandle>(null);
  const [isCardValid, setIsCardValid] = useState(false);
  const [isTokenizing, setIsTokenizing] = useState(false);
  const [hasProblem, setHasProblem] = useState(false);
  const tooMany = useTooManyAttempts();

  const chosen: PaymentType = methods.includes(method) ? method : 'CREDIT_CARD';
  const isFree = pricing?.totals.total === 0;
  const hasCredential =
    isFree ||
    (chosen === 'CREDIT_CARD'
      ? hasNonce({ method: chosen, nonces }) || isCardValid
      : hasNonce({ method: chosen, nonces }));
  const isReady = hasCredential && codeBox.isReady && Boolean(pricing) && !isPricing;

  const chooseMethod = (next: string) => {
    store().chooseMethod(next as PaymentType);
    setIsCardValid(false);
  };

  const reviewOrder = async () => {
    setHasProblem(false);
    if (!isReady || isTokenizing) return;
    if (!isFree && chosen === 'CREDIT_CARD' && !nonces.CREDIT_CARD) {
      const form = cardForm.current;
      if (!form || !provider) return;
      setIsTokenizing(true);
      try {
        const card = await form.tokenize({
          cardholderName: `${session.parent.firstName} ${session.parent.lastName}`.trim(),
          postalCode: billing?.postalCode || undefined,
        });
        // Refused fields: the form shows why.
        if (!card) return;
        // Device data goes with GB card payments.
        const deviceData = country === 'GB' ? await provider.deviceData() : null;
        store().setCardNonce(
          card.nonce,
          { cardType: card.cardType, lastFour: card.lastFour },
          deviceData ?? undefined,
        );
      } catch (error) {
        if (!tooMany.noteRefusal(error)) setHasProblem(true);
        return;
      } finally {
        setIsTokenizing(false);
      }
    }
    track('Payment Info Entered', { step: 2, paymentType: isFree ? 'NONE' : chosen });
    track('Checkout Step Completed', { step: 2, stepName: 'PAYMENT' });
    store().completePaymentStep(2);
    store().setView('REVIEW');
  };

  const methodOptions = methods.map((value) => ({ value, label: t(`checkout.methods.${value}`) }));
  const missing: string[] = [];
  if (!hasCredential) missing.push(t(`checkout.payment.missing.${chosen}`));
  if (!codeBox.isReady) missing.push(t('checkout.payment.missing.code'));

  return (
    <div className={styles.form}>
      <h2 className={styles.viewHeading}>{t('checkout.payment.heading')}</h2>
      {tooMany.waitSeconds !== undefined ? <WaitBanner seconds={tooMany.waitSeconds} /> : null}
      {hasProblem ? <CheckoutProblem country={country} /> : null}
      {isFree ? (
        <FreeOrderNotice coveringCodes={pricing ? codesCoveringOrder(pricing) : []} />
      ) : clientToken.isPending ? (
        <Spinner label={t('checkout.payment.loadingMethods')} />
      ) : clientToken.isError ? (
        <div className={styles.panel}>
          <p>{t('payment_unavailable_error', { ns: 'validation' })}</p>
          <Button variant="secondary" onClick={() => void clientToken.refetch()}>
            {t('packages.retry')}
          </Button>
        </div>
      ) : providerState.status === 'failed' ? (
        <CheckoutProblem country={country}>
          <span>{t('braintree.loadFailed')}</span>{' '}
          <Button variant="link" onClick={providerState.retry}>
            {t('braintree.retry')}
          </Button>
        </CheckoutProblem>
      ) : !provider ? (
        <Spinner label={t('braintree.loading')} />
      ) : (
        <>
          <RadioGroup
            id="payment-method"
            name="paymentMethod"
            legend={t('checkout.payment.methodLegend')}
            options={methodOptions}
            value={chosen}
            onChange={chooseMethod}
          />
          {chosen === 'CREDIT_CARD' ? (
            card && nonces.CREDIT_CARD ? (
              <div className={styles.panel}>
                <p>{t('checkout.card.saved', { brand: card.cardType, lastFour: card.lastFour })}</p>
                <Button variant="secondary" onClick={() => store().clearNonce('CREDIT_CARD')}>
                  {t('checkout.card.useAnother')}
                </Button>
              </div>
            ) : (
              <provider.CardForm
                ref={cardForm}
                refusedCardTypes={refusedCardTypes}
                onValidityChange={setIsCardValid}
                isDisabled={isTokenizing}
              />
            )
          ) : (
            <provider.Wallet
              key={chosen}
              method={chosen as WalletMethod}
              hasNonce={Boolean(nonces[chosen])}
              total={pricing?.totals.total ?? 0}
              refusedCardTypes={refusedCardTypes}
              onApprove={(approval) => {
                store().chooseMethod(chosen, approval.nonce, approval.venmoUsername);
                track('Payment Method Approved', { paymentType: chosen });
              }}
              onCancel={() => store().clearNonce(chosen)}
            />
          )}
        </>
      )}
      <CodeBox
        isOpen={codeBox.isOpen}
        onToggle={codeBox.toggle}
        value={codeBox.value}
        onValueChange={codeBox.setValue}
        applied={codeBox.applied}
        status={codeBox.status}
        refusal={codeBox.refusal}
        isChecking={codeBox.isChecking}
        onApply={codeBox.apply}
        onRemove={codeBox.remove}
      />
      <ConsentFields
        idPrefix="payment-consent"
        consent={consent}
        onChange={(next) => store().setConsent(next)}
      />
      {session.canPayForCoParent ? (
        <CheckboxField
          id="pay-for-coparent"
          checked={isPayingForCoparent}
          onChange={(event) => {
            store().setPayingForCoparent(event.target.checked);
            track('Pay For Co-Parent Changed', { payForCoparent: event.target.checked });
          }}
          label={t('checkout.payment.payForCoparent')}
          hint={t('checkout.payment.payForCoparentHint')}
        />
      ) : null}
      {missing.length > 0 ? (
        <div id={hintId} className={styles.hint}>
          <p>{t('checkout.payment.missingIntro')}</p>
          <ul>
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button
          onClick={() => void reviewOrder()}
          disabled={!isReady || tooMany.isWaiting}
          isLoading={isTokenizing}
          aria-describedby={missing.length > 0 ? hintId : undefined}
        >
          {t('checkout.payment.reviewOrder')}
        </Button>
        {backButton}
      </div>
    </div>
  );
}
