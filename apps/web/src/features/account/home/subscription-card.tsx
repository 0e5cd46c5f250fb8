import type { AccountSubscription } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/lib/use-locale';
import styles from './account-home.module.css';
import { formatAccountDate } from './format-date';

/**
 * The subscription of the logged-in parent: package, term, renewal, status and who paid, with
 * the way to its page and, for its payer, to cancel.
 */
export function SubscriptionCard({ subscription }: { subscription: AccountSubscription | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className={styles.card} aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">{t('accountHome.subscription.heading')}</h2>
      {subscription ? (
        <dl className={styles.details}>
          <div>
            <dt>{t('accountHome.subscription.package')}</dt>
            <dd>{subscription.packageName}</dd>
          </div>
          <div>
            <dt>{t('accountHome.subscription.termLabel')}</dt>
            <dd>{t('accountHome.subscription.term', { count: subscription.years })}</dd>
          </div>
          <div>
            <dt>
              {subscription.autoRenew
                ? t('accountHome.subscription.renewsOn')
                : t('accountHome.subscription.endsOn')}
            </dt>
            <dd>{formatAccountDate(subscription.renewsAt, locale)}</dd>
          </div>
          <div>
            <dt>{t('accountHome.subscription.status')}</dt>
            <dd>
              {subscription.isCurrent
                ? t('accountHome.subscription.current')
                : t('accountHome.subscription.notCurrent')}
            </dd>
          </div>
          <div>
            <dt>{t('accountHome.subscription.paidBy')}</dt>
            <dd>
              {subscription.paidBy.isYou
                ? t('accountHome.subscription.paidByYou')
                : `${subscription.paidBy.firstName} ${subscription.paidBy.lastName}`}
            </dd>
          </div>
        </dl>
      ) : null}
      {subscription ? (
        <ul className={styles.links}>
          <li>
            <Link to="/subscription">{t('accountSubscription.homeLink')}</Link>
          </li>
          {/* Canceling is as easy to find as signing up: a link of its own, on the home. */}
          {subscription.paidBy.isYou && subscription.isCurrent ? (
            <li>
              <Link to="/subscription/cancel">{t('accountSubscription.homeCancelLink')}</Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p>{t('accountHome.subscription.none')}</p>
      )}
    </section>
  );
}
