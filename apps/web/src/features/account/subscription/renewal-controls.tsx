import type { AccountSubscriptionDetail } from '@coparent/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { useLocale } from '@/lib/use-locale';
import { formatAccountDate } from '../home/format-date';
import { useChangeErrorText } from './change-error-text';
import { useSetAutoRenew } from './set-auto-renew';
import styles from './subscription.module.css';

type RenewalControlsProps = {
  subscription: AccountSubscriptionDetail;
  /** Called once a change is saved, with the notice to show. */
  onChanged: (notice: 'off' | 'on' | 'stopped') => void;
};

/**
 * The payer's renewal: auto-renewal off (after one confirmation in a dialog: Escape or "Keep"
 * leaves it on) or back on, and the way to cancel, as easy to find as the signup. While a
 * declined renewal is tried again, either stops the tries and ends the subscription: said so.
 */
export function RenewalControls({ subscription, onChanged }: RenewalControlsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = useSetAutoRenew();
  const errorText = useChangeErrorText();
  const [isConfirming, setIsConfirming] = useState(false);
  // Once confirmed, focus goes to the confirmation notice, not back to the button that opened it.
  const isConfirmed = useRef(false);
  const date = formatAccountDate(subscription.renewsAt, locale);
  const coParent = subscription.alsoRenews.map((m) => `${m.firstName} ${m.lastName}`).join(', ');
  const isRetrying = subscription.retrying !== null;

  async function save(autoRenew: boolean) {
    isConfirmed.current = !autoRenew;
    setIsConfirming(false);
    try {
      await change.mutateAsync({ subscriptionId: subscription.subscriptionId, autoRenew });
      onChanged(autoRenew ? 'on' : isRetrying ? 'stopped' : 'off');
    } catch {
      // The error is shown below from the mutation's state.
    }
  }

  return (
    <>
      <section className={styles.card} aria-labelledby="renewal-heading">
        <h2 id="renewal-heading">{t('accountSubscription.renewal.heading')}</h2>
        <p>
          {isRetrying
            ? t('accountSubscription.renewal.retryText', { date })
            : subscription.autoRenew
              ? t('accountSubscription.renewal.onText', { date })
              : t('accountSubscription.renewal.offText', { date })}
        </p>
        {coParent ? (
          <p>{t('accountSubscription.renewal.coParentToo', { name: coParent })}</p>
        ) : null}
        {change.isError ? <p role="alert">{errorText(change.error)}</p> : null}
        <div className={styles.actions}>
          {subscription.autoRenew ? (
            <Button
              variant="secondary"
              onClick={() => setIsConfirming(true)}
              isLoading={change.isPending}
            >
              {t('accountSubscription.renewal.turnOff')}
            </Button>
          ) : (
            <Button onClick={() => void save(true)} isLoading={change.isPending}>
              {t('accountSubscription.renewal.turnOn')}
            </Button>
          )}
        </div>
      </section>
      {subscription.canceledAt === null ? (
        <section className={styles.card} aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">{t('accountSubscription.cancel.heading')}</h2>
          <p>
            {isRetrying
              ? t('accountSubscription.cancel.retryAccess', { date })
              : t('accountSubscription.cancel.access', { date })}
          </p>
          <p>
            <Link to="/subscription/cancel">{t('accountSubscription.cancel.link')}</Link>
          </p>
        </section>
      ) : null}
      <Modal
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        onCloseAutoFocus={(event) => {
          if (isConfirmed.current) event.preventDefault();
          isConfirmed.current = false;
        }}
        title={t('accountSubscription.renewal.confirmTitle')}
        description={
          <>
            <p>
              {isRetrying
                ? t('accountSubscription.renewal.confirmRetryText', { date })
                : t('accountSubscription.renewal.confirmText', { date })}
            </p>
            {coParent ? (
              <p>
                {isRetrying
                  ? t('accountSubscription.renewal.confirmRetryCoParent', { name: coParent })
                  : t('accountSubscription.renewal.confirmCoParent', { name: coParent, date })}
              </p>
            ) : null}
          </>
        }
        actions={
          <>
            <Button onClick={() => void save(false)}>
              {t('accountSubscription.renewal.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              {t('accountSubscription.renewal.keep')}
            </Button>
          </>
        }
      />
    </>
  );
}
