import { PRODUCT_NAME } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import checkoutStyles from '@/features/checkout/components/checkout.module.css';
import { CheckoutProblem } from '@/features/checkout/components/checkout-problem';
import type { WalletApproval, WalletProps } from '../payment-provider';
import styles from './braintree.module.css';
import { type BraintreeSession, WalletCanceledError } from './braintree-sdk';

type BraintreeWalletProps = WalletProps & { session: BraintreeSession };

/** The wallet's state line: ready once it gave a nonce (with Venmo's username), else a hint. */
function WalletStatus({ hasNonce, name }: { hasNonce: boolean; name: string }) {
  const { t } = useTranslation();
  const venmoUsername = useCheckoutStore((s) => s.venmoUsername);
  if (!hasNonce)
    return <p className={checkoutStyles.hint}>{t('checkout.wallet.hint', { method: name })}</p>;
  return (
    <p className={checkoutStyles.walletReady} role="status">
      <span aria-hidden="true">✓ </span>
      {venmoUsername
        ? t('braintree.venmoReady', { username: venmoUsername })
        : t('checkout.wallet.ready', { method: name })}
    </p>
  );
}

/**
 * PayPal's own button (PayPal JS SDK through braintree-web's paypalCheckout: vault flow, tokenize
 * intent). Its setup failing shows the spec's message.
 */
function PayPalWallet({ session, hasNonce, onApprove, onCancel }: BraintreeWalletProps) {
  const { t } = useTranslation();
  const country = useCheckoutStore((s) => s.billing?.country);
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  // PayPal's callbacks outlive renders: they call the latest handlers.
  const handlers = useRef({ onApprove, onCancel });
  handlers.current = { onApprove, onCancel };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let active = true;
    let teardown: (() => void) | undefined;
    const fail = (error: unknown) => {
      console.error('PayPal could not be set up', error);
      if (active) setStatus('failed');
    };
    session
      .renderPayPal(element, {
        onApprove: (approval) => handlers.current.onApprove(approval),
        onCancel: () => handlers.current.onCancel(),
        onError: fail,
      })
      .then((close) => {
        if (active) {
          teardown = close;
          setStatus('ready');
        } else close();
      })
      .catch(fail);
    return () => {
      active = false;
      teardown?.();
    };
  }, [session]);

  const name = t('checkout.methods.PAYPAL');
  return (
    <div className={checkoutStyles.wallet}>
      {status === 'failed' ? (
        <CheckoutProblem country={country}>
          {t('payment_paypalSetup_error', { ns: 'validation' })}
        </CheckoutProblem>
      ) : (
        <WalletStatus hasNonce={hasNonce} name={name} />
      )}
      {status === 'loading' ? (
        <p role="status">{t('braintree.loadingWallet', { method: name })}</p>
      ) : null}
      <div ref={container} className={styles.paypalButton} hidden={status === 'failed'} />
    </div>
  );
}

/**
 * Venmo (multi_use) and Apple Pay: our button opens the provider's flow; closing it clears the
 * method's nonce, a failure says so and offers the button again.
 */
function ButtonWallet({
  session,
  method,
  hasNonce,
  total,
  refusedCardTypes,
  onApprove,
  onCancel,
}: BraintreeWalletProps) {
  const { t } = useTranslation();
  const country = useCheckoutStore((s) => s.billing?.country);
  const [isBusy, setIsBusy] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const name = t(`checkout.methods.${method}`);

  const settle = (flow: Promise<WalletApproval>) => {
    setHasFailed(false);
    setIsBusy(true);
    flow
      .then(onApprove, (error: unknown) => {
        if (error instanceof WalletCanceledError) {
          onCancel();
          return;
        }
        console.error(`${method} failed`, error);
        setHasFailed(true);
      })
      .finally(() => setIsBusy(false));
  };

  const start = () => {
    if (method === 'VENMO') {
      settle(session.tokenizeVenmo());
      return;
    }
    // Apple Pay's sheet must open within the click itself: no await before it.
    settle(session.payWithApplePay({ total, label: PRODUCT_NAME, refusedCardTypes }));
  };

  // Back from the Venmo app in this tab: its answer is waiting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (method === 'VENMO' && session.venmo?.hasTokenizationResult()) {
      settle(session.tokenizeVenmo());
    }
  }, []);

  const label = hasNonce
    ? t('checkout.wallet.again', { method: name })
    : t('checkout.wallet.continue', { method: name });
  return (
    <div className={checkoutStyles.wallet}>
      {hasFailed ? (
        <CheckoutProblem country={country}>{t(`braintree.failed.${method}`)}</CheckoutProblem>
      ) : null}
      <WalletStatus hasNonce={hasNonce} name={name} />
      {method === 'APPLE_PAY' ? (
        <button
          type="button"
          className={styles.applePayButton}
          onClick={start}
          disabled={isBusy || total <= 0}
          aria-label={label}
        >
          {label}
        </button>
      ) : (
        <Button variant={hasNonce ? 'secondary' : 'primary'} onClick={start} isLoading={isBusy}>
          {label}
        </Button>
      )}
    </div>
  );
}

/** The Braintree wallet for the chosen method. */
export function BraintreeWallet(props: BraintreeWalletProps) {
  return props.method === 'PAYPAL' ? <PayPalWallet {...props} /> : <ButtonWallet {...props} />;
}
