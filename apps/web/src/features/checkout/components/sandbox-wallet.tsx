import { type PaymentType, SANDBOX_WALLET_NONCES } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import styles from './checkout.module.css';

export type WalletMethod = Exclude<PaymentType, 'CREDIT_CARD'>;

type SandboxWalletProps = {
  method: WalletMethod;
  hasNonce: boolean;
  /** Approve in the dialog: the method's fake nonce. */
  onApprove: (nonce: string) => void;
  /** Cancel in the dialog (PayPal cancel clears its nonce). */
  onCancel: () => void;
};

/**
 * A PayPal, Venmo or Apple Pay button in the local sandbox: a confirmation dialog stands in for
 * the provider's window, and approving it gives the matching fake nonce.
 */
export function SandboxWallet({ method, hasNonce, onApprove, onCancel }: SandboxWalletProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const name = t(`checkout.methods.${method}`);
  return (
    <div className={styles.wallet}>
      {hasNonce ? (
        <p className={styles.walletReady} role="status">
          <span aria-hidden="true">✓ </span>
          {t('checkout.wallet.ready', { method: name })}
        </p>
      ) : (
        <p className={styles.hint}>{t('checkout.wallet.hint', { method: name })}</p>
      )}
      <Button variant={hasNonce ? 'secondary' : 'primary'} onClick={() => setIsOpen(true)}>
        {hasNonce
          ? t('checkout.wallet.again', { method: name })
          : t('checkout.wallet.continue', { method: name })}
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) {
            setIsOpen(false);
            onCancel();
          }
        }}
        title={t('checkout.wallet.dialogTitle', { method: name })}
        description={
          <>
            <p>{t('checkout.wallet.dialogText', { method: name })}</p>
            <p>{t('checkout.wallet.dialogSandbox')}</p>
          </>
        }
        actions={
          <>
            <Button
              onClick={() => {
                setIsOpen(false);
                onApprove(SANDBOX_WALLET_NONCES[method]);
              }}
            >
              {t('checkout.wallet.approve', { method: name })}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setIsOpen(false);
                onCancel();
              }}
            >
              {t('checkout.wallet.cancel')}
            </Button>
          </>
        }
      />
    </div>
  );
}
