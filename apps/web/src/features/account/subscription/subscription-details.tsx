import type { AccountSubscriptionDetail } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { PaymentMethodText } from '../components/payment-method-text';
import { formatAccountDate } from '../home/format-date';
import styles from './subscription.module.css';

/**
 * What the subscription is and what its renewal would do: package, term, the end of the paid
 * term, auto-renewal, who pays and, for the payer, the renewal's price and the method charged.
 */
export function SubscriptionDetails({ subscription }: { subscription: AccountSubscriptionDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const s = subscription;
  const date = formatAccountDate(s.renewsAt, locale);
  const isPayer = s.paidBy.payer === 'YOU';
  const dateLabel = s.retrying
    ? t('accountSubscription.details.dueOn')
    : !s.isCurrent
      ? t('accountSubscription.details.endedOn')
      : s.autoRenew
        ? t('accountSubscription.details.renewsOn')
        : t('accountSubscription.details.endsOn');
  return (
    <dl className={styles.details}>
      <div>
        <dt>{t('accountSubscription.details.package')}</dt>
        <dd>{s.packageName}</dd>
      </div>
      <div>
        <dt>{t('accountSubscription.details.termLabel')}</dt>
        <dd>{t('accountSubscription.details.term', { count: s.years })}</dd>
      </div>
      <div>
        <dt>{dateLabel}</dt>
        <dd>{date}</dd>
      </div>
      <div>
        <dt>{t('accountSubscription.details.autoRenew')}</dt>
        <dd>
          {s.autoRenew ? t('accountSubscription.details.on') : t('accountSubscription.details.off')}
        </dd>
      </div>
      <div>
        <dt>{t('accountSubscription.details.paidBy')}</dt>
        <dd>
          {isPayer
            ? t('accountSubscription.details.paidByYou')
            : `${s.paidBy.firstName} ${s.paidBy.lastName}`}
        </dd>
      </div>
      {s.alsoRenews.length > 0 ? (
        <div>
          <dt>{t('accountSubscription.details.alsoRenews')}</dt>
          <dd>{s.alsoRenews.map((m) => `${m.firstName} ${m.lastName}`).join(', ')}</dd>
        </div>
      ) : null}
      {isPayer && (s.isCurrent || s.retrying) && s.autoRenew ? (
        <>
          <div>
            <dt>{t('accountSubscription.details.price')}</dt>
            <dd>
              {s.renewalPrice
                ? t('accountSubscription.details.priceValue', {
                    total: s.renewalPrice.totalFormatted,
                    tax: s.renewalPrice.taxAmountFormatted,
                  })
                : t('accountSubscription.details.priceUnknown')}
            </dd>
          </div>
          <div>
            <dt>{t('accountSubscription.details.paymentMethod')}</dt>
            <dd>
              <PaymentMethodText method={s.paymentMethod} />
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
