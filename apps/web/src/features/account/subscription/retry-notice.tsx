import type { SubscriptionRetry } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/lib/use-locale';
import { formatAccountDate } from '../home/format-date';
import styles from './subscription.module.css';

/**
 * The payer's declined renewal being tried again (decision 057): it did not go through, when the
 * next try is and the last, and the way to the billing page to update the card. It stays on the
 * page (not a banner that hides) while the tries last.
 */
export function RetryNotice({ retry }: { retry: SubscriptionRetry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className={`${styles.card} ${styles.warning}`} aria-labelledby="retry-heading">
      <h2 id="retry-heading">{t('accountSubscription.retry.heading')}</h2>
      <p>
        {t('accountSubscription.retry.next', {
          next: formatAccountDate(retry.nextAttemptAt, locale),
          last: formatAccountDate(retry.lastAttemptAt, locale),
        })}
      </p>
      <p>
        <Link to="/billing">{t('accountSubscription.retry.updateCard')}</Link>
      </p>
    </section>
  );
}
