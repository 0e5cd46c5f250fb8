import type { CardFields, PaymentType, PricingResponse, SavedOrder } from '@coparent/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { RadioGroup } from '../../../components/radio-group';
import { Spinner } from '../../../components/spinner';
import { track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api-client';
import { useClientToken } from '../api/get-client-token';
import { useTokenizeCard } from '../api/tokenize-card';
import { type CardField, type CardFieldErrors, cardProblems, EMPTY_CARD } from '../card-fields';
import { useCheckoutSession } from '../checkout-session';
import { hasNonce, useCheckoutStore } from '../checkout-store';
import { useCodeBox } from '../hooks/use-code-box';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { BraintreeHostedFields } from './braintree-hosted-fields';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout-problem';
import { CodeBox } from './code-box';
import { ConsentFields } from './consent-fields';
import { SandboxCardForm } from './sandbox-card-form';
import { SandboxWallet, type WalletMethod } from './sandbox-wallet';

type PaymentViewProps = {
  order: SavedOrder;
  pricing: PricingResponse | undefined;
  isPricing: boolean;
  /** The Back button (to Billing). */
  backButton: ReactNode;
};

const ALL_CARD_FIELDS: readonly CardField[] = ['number', 'expirationDate', 'cvv'];

/**
 * The Payment view (spec 001 §2, §4, §5): the method (card, PayPal, Venmo, Apple Pay), the code
 * box, the consent checkboxes when required, pay-for-co-parent (not for invited users), and
 * Review Order — enabled only
 * when the method has its credential and an open code box holds a valid code.
 */
export function PaymentView({ order, pricing, isPricing, backButton }: PaymentViewProps) {
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
  const provider = clientToken.data?.provider ?? 'sandbox';
  const { methods, refusedCardTypes } = usePaymentMethods(country, provider);
  const codeBox = useCodeBox(order, pricing);
  const tokenize = useTokenizeCard();
  const hintId = useId();

  // Card data lives here only: never stored, gone on reload (the nonce is kept instead).
  const [cardFields, setCardFields] = useState<CardFields>(EMPTY_CARD);
  const [visibleCardErrors, setVisibleCardErrors] = useState<ReadonlySet<CardField>>(new Set());
  const [serverCardErrors, setServerCardErrors] = useState<CardFieldErrors>({});
  const [hasProblem, setHasProblem] = useState(false);

  const chosen: PaymentType = methods.includes(method) ? method : 'CREDIT_CARD';
  const localCardErrors = cardProblems(cardFields, refusedCardTypes);
  const cardErrors = { ...localCardErrors, ...serverCardErrors };
  const isCardValid = Object.keys(localCardErrors).length === 0;
  const isFree = pricing?.totals.total === 0;
  const hasCredential =
    isFree ||
    (chosen === 'CREDIT_CARD'
      ? hasNonce({ method: chosen, nonces }) || (provider === 'sandbox' && isCardValid)
      : hasNonce({ method: chosen, nonces }));
  const isReady = hasCredential && codeBox.isReady && Boolean(pricing) && !isPricing;

  const chooseMethod = (next: string) => {
    store().chooseMethod(next as PaymentType);
    setServerCardErrors({});
  };

  const changeCard = (fields: CardFields) => {
    setCardFields(fields);
    setServerCardErrors({});
  };

  const reviewOrder = async () => {
    setHasProblem(false);
    if (!isReady) return;
    if (!isFree && chosen === 'CREDIT_CARD' && !nonces.CREDIT_CARD) {
      try {
        const payload = await tokenize.mutateAsync({
          number: cardFields.number,
          expirationDate: cardFields.expirationDate,
          cvv: cardFields.cvv,
          postalCode: billing?.postalCode || undefined,
          cardholderName: `${session.parent.firstName} ${session.parent.lastName}`.trim(),
        });
        store().setCardNonce(payload.nonce, {
          cardType: payload.details.cardType,
          lastFour: payload.details.lastFour,
        });
        setCardFields(EMPTY_CARD);
        setVisibleCardErrors(new Set());
      } catch (error) {
        if (isApiError(error) && error.fieldErrors.length > 0) {
          const next: CardFieldErrors = {};
          for (const fieldError of error.fieldErrors) {
            if ((ALL_CARD_FIELDS as readonly string[]).includes(fieldError.field)) {
              next[fieldError.field as CardField] = { text: fieldError.text };
            }
          }
          setServerCardErrors(next);
          setVisibleCardErrors(new Set(ALL_CARD_FIELDS));
          document.getElementById('card-number')?.focus();
          return;
        }
        setHasProblem(true);
        return;
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
      {hasProblem ? <CheckoutProblem country={country} /> : null}
      {isFree ? (
        <p className={styles.panel}>{t('checkout.payment.free')}</p>
      ) : clientToken.isPending ? (
        <Spinner label={t('checkout.payment.loadingMethods')} />
      ) : clientToken.isError ? (
        <div className={styles.panel}>
          <p>{t('payment_unavailable_error', { ns: 'validation' })}</p>
          <Button variant="secondary" onClick={() => void clientToken.refetch()}>
            {t('packages.retry')}
          </Button>
        </div>
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
            ) : provider === 'braintree' && clientToken.data ? (
              <BraintreeHostedFields clientToken={clientToken.data.clientToken} />
            ) : (
              <SandboxCardForm
                fields={cardFields}
                onChange={changeCard}
                errors={cardErrors}
                visible={visibleCardErrors}
                onBlur={(field) => setVisibleCardErrors((current) => new Set([...current, field]))}
                refusedCardTypes={refusedCardTypes}
                isDisabled={tokenize.isPending}
              />
            )
          ) : provider === 'sandbox' ? (
            <SandboxWallet
              key={chosen}
              method={chosen as WalletMethod}
              hasNonce={Boolean(nonces[chosen])}
              onApprove={(nonce) => {
                store().chooseMethod(chosen, nonce);
                track('Payment Method Approved', { paymentType: chosen });
              }}
              onCancel={() => store().clearNonce(chosen)}
            />
          ) : (
            <CheckoutProblem country={country}>
              {t('payment_paypalSetup_error', { ns: 'validation' })}
            </CheckoutProblem>
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
          disabled={!isReady}
          isLoading={tokenize.isPending}
          aria-describedby={missing.length > 0 ? hintId : undefined}
        >
          {t('checkout.payment.reviewOrder')}
        </Button>
        {backButton}
      </div>
    </div>
  );
}
