import type { AccountSubscriptionDetail } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { AccountLoadError } from '../components/account-load-error';
import { formatAccountDate } from '../home/format-date';
import { useLoginRedirect } from '../session/require-login';
import { useAccountSubscription } from './get-account-subscription';
import { PlanSection } from './plan-section';
import { RenewalControls } from './renewal-controls';
import { RetryNotice } from './retry-notice';
import styles from './subscription.module.css';
import { SubscriptionDetails } from './subscription-details';

/**
 * What was just changed (also the cancel page's, passed in the navigation's state); `stopped`:
 * turned off or canceled while a declined renewal was tried again, so it ended.
 */
export type SubscriptionNotice =
  | 'off'
  | 'on'
  | 'canceled'
  | 'stopped'
  | 'planChanged'
  | 'planUndone';

const NOTICES: readonly unknown[] = [
  'off',
  'on',
  'canceled',
  'stopped',
  'planChanged',
  'planUndone',
] satisfies SubscriptionNotice[];

function isNotice(value: unknown): value is SubscriptionNotice {
  return NOTICES.includes(value);
}

/**
 * /app/account/subscription: the subscription, what its renewal would charge and to what, and,
 * for its payer while the term runs (or a declined renewal is tried again: said first, with the
 * way to update the card), auto-renewal off and on and the way to cancel; anyone else
 * (the co-parent Parent A pays for, a professional's family) reads why they cannot change it.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const query = useAccountSubscription();
  const isRedirecting = useLoginRedirect(query.error);
  const location = useLocation();
  const state = location.state as { notice?: unknown } | null;
  const [notice, setNotice] = useState<SubscriptionNotice | null>(
    isNotice(state?.notice) ? state.notice : null,
  );
  useDocumentTitle(t('accountSubscription.title'));

  if (query.isPending || isRedirecting) return <Spinner label={t('account.loading')} />;
  return (
    <div className={styles.page}>
      <PageHeading>{t('accountSubscription.title')}</PageHeading>
      {query.isError ? (
        <AccountLoadError onRetry={() => void query.refetch()} />
      ) : query.data.subscription ? (
        <>
          <ChangeNotice notice={notice} subscription={query.data.subscription} />
          {query.data.subscription.retrying ? (
            <RetryNotice retry={query.data.subscription.retrying} />
          ) : null}
          <section className={styles.card} aria-label={t('accountSubscription.title')}>
            <SubscriptionDetails subscription={query.data.subscription} />
          </section>
          <WhoMayChange subscription={query.data.subscription} onChanged={setNotice} />
        </>
      ) : (
        <p>{t('accountSubscription.none')}</p>
      )}
      <p>
        <Link to="/">{t('accountSubscription.back')}</Link>
      </p>
    </div>
  );
}

/** The confirmation of the change just made: it takes focus, so it is read out at once. */
function ChangeNotice({
  notice,
  subscription,
}: {
  notice: SubscriptionNotice | null;
  subscription: AccountSubscriptionDetail;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  const date = formatAccountDate(subscription.renewsAt, locale);
  return (
    <div ref={ref} tabIndex={-1}>
      <AlertBanner tone="success">
        <p>{t(`accountSubscription.status.${notice}`, { date })}</p>
        <p>{t('accountSubscription.status.emailed')}</p>
      </AlertBanner>
    </div>
  );
}

/** The payer's controls while the term runs; otherwise why this person cannot change it. */
function WhoMayChange({
  subscription,
  onChanged,
}: {
  subscription: AccountSubscriptionDetail;
  onChanged: (notice: SubscriptionNotice) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = `${subscription.paidBy.firstName} ${subscription.paidBy.lastName}`;
  if (subscription.canChange) {
    return (
      <>
        {subscription.autoRenew ? (
          <PlanSection subscription={subscription} onUndone={() => onChanged('planUndone')} />
        ) : null}
        <RenewalControls subscription={subscription} onChanged={onChanged} />
      </>
    );
  }
  const date = formatAccountDate(subscription.renewsAt, locale);
  const text =
    subscription.paidBy.payer === 'PROFESSIONAL'
      ? t('accountSubscription.readOnly.professional', { name })
      : subscription.paidBy.payer === 'CO_PARENT'
        ? t('accountSubscription.readOnly.coParent', { name })
        : t('accountSubscription.readOnly.ended', { date });
  return <p>{text}</p>;
}
