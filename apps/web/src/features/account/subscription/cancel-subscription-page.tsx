import { CANCEL_REASONS, type CancelReason } from '@coparent/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { RadioGroup } from '@/components/radio-group';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { AccountLoadError } from '../components/account-load-error';
import { formatAccountDate } from '../home/format-date';
import { useLoginRedirect } from '../session/require-login';
import { useCancelSubscription } from './cancel-subscription';
import { useChangeErrorText } from './change-error-text';
import { useAccountSubscription } from './get-account-subscription';
import styles from './subscription.module.css';
import type { SubscriptionNotice } from './subscription-page';

function isCancelReason(value: string): value is CancelReason {
  return (CANCEL_REASONS as readonly string[]).includes(value);
}

/**
 * /app/account/subscription/cancel: canceling in one step, as plain as signing up. It says what
 * happens (access until the end of the paid term, nothing more charged, no refund, the
 * co-parent's subscription Parent A pays for; while a declined renewal is tried again: the tries
 * stop and it ends now), asks why (optional) and cancels; then the
 * subscription page confirms it. Anyone who cannot cancel is sent to read why there.
 */
export function CancelSubscriptionPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useAccountSubscription();
  const isRedirecting = useLoginRedirect(query.error);
  const cancel = useCancelSubscription();
  const errorText = useChangeErrorText();
  const [reason, setReason] = useState<CancelReason | null>(null);
  useDocumentTitle(t('accountSubscription.cancelTitle'));

  if (query.isPending || isRedirecting) return <Spinner label={t('account.loading')} />;
  const subscription = query.data?.subscription;
  const heading = <PageHeading>{t('accountSubscription.cancelTitle')}</PageHeading>;
  const back = (
    <p>
      <Link to="/subscription">{t('accountSubscription.cancel.keep')}</Link>
    </p>
  );
  if (query.isError) {
    return (
      <div className={styles.page}>
        {heading}
        <AccountLoadError onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!subscription?.canChange) {
    return (
      <div className={styles.page}>
        {heading}
        <p>
          {subscription ? t('accountSubscription.cancel.cannot') : t('accountSubscription.none')}
        </p>
        {back}
      </div>
    );
  }
  const date = formatAccountDate(subscription.renewsAt, locale);
  const coParent = subscription.alsoRenews.map((m) => `${m.firstName} ${m.lastName}`).join(', ');
  const isRetrying = subscription.retrying !== null;
  const notice: SubscriptionNotice = isRetrying ? 'stopped' : 'canceled';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!subscription) return;
    try {
      await cancel.mutateAsync({ subscriptionId: subscription.subscriptionId, reason });
      navigate('/subscription', { state: { notice } });
    } catch {
      // Shown below from the mutation's state.
    }
  }

  return (
    <div className={styles.page}>
      {heading}
      {subscription.canceledAt ? (
        <>
          <p>{t('accountSubscription.cancel.alreadyCanceled', { date })}</p>
          {back}
        </>
      ) : (
        <>
          <p>{t('accountSubscription.cancel.intro')}</p>
          {isRetrying ? (
            <ul className={styles.list}>
              <li>{t('accountSubscription.cancel.retryStops')}</li>
              <li>{t('accountSubscription.cancel.retryEnds', { date })}</li>
              {coParent ? (
                <li>{t('accountSubscription.cancel.retryCoParent', { name: coParent })}</li>
              ) : null}
              <li>{t('accountSubscription.cancel.email')}</li>
            </ul>
          ) : (
            <ul className={styles.list}>
              <li>{t('accountSubscription.cancel.access', { date })}</li>
              <li>{t('accountSubscription.cancel.noCharge')}</li>
              <li>{t('accountSubscription.cancel.noRefund')}</li>
              {coParent ? (
                <li>{t('accountSubscription.cancel.coParent', { name: coParent, date })}</li>
              ) : null}
              <li>{t('accountSubscription.cancel.undo', { date })}</li>
              <li>{t('accountSubscription.cancel.email')}</li>
            </ul>
          )}
          <form onSubmit={(event) => void submit(event)} noValidate>
            <RadioGroup
              id="reason"
              name="reason"
              legend={t('accountSubscription.cancel.reasonLegend')}
              options={CANCEL_REASONS.map((value) => ({
                value,
                label: t(`accountSubscription.cancel.reasons.${value}`),
              }))}
              value={reason ?? undefined}
              onChange={(value) => setReason(isCancelReason(value) ? value : null)}
            />
            {cancel.isError ? <p role="alert">{errorText(cancel.error)}</p> : null}
            <div className={styles.actions}>
              <Button type="submit" isLoading={cancel.isPending}>
                {t('accountSubscription.cancel.submit')}
              </Button>
              <Link to="/subscription">{t('accountSubscription.cancel.keep')}</Link>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
