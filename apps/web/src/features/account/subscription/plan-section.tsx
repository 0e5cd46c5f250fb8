import type { AccountSubscriptionDetail } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { useLocale } from '@/lib/use-locale';
import { formatAccountDate } from '../home/format-date';
import { useChangeErrorText } from './change-error-text';
import { useChangePlan } from './change-plan';
import styles from './subscription.module.css';

type PlanSectionProps = {
  subscription: AccountSubscriptionDetail;
  /** Called once the change is undone, with the notice to show. */
  onUndone: () => void;
};

/**
 * The payer's plan at renewal (decision 062): the plan chosen for the next term, from the renewal
 * date, with its price ("From May 1, 2027: Premium, 2 years, $264.99"), the way to change it
 * again or keep the current plan; or the way to change it.
 */
export function PlanSection({ subscription, onUndone }: PlanSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const undo = useChangePlan();
  const errorText = useChangeErrorText();
  const pending = subscription.pendingPlan;
  const date = formatAccountDate(subscription.renewsAt, locale);

  async function keepCurrent() {
    try {
      await undo.mutateAsync({ subscriptionId: subscription.subscriptionId, packageId: null });
      onUndone();
    } catch {
      // Shown below from the mutation's state.
    }
  }

  return (
    <section className={styles.card} aria-labelledby="plan-heading">
      <h2 id="plan-heading">{t('accountSubscription.plan.heading')}</h2>
      {pending ? (
        <p>
          {t('accountSubscription.plan.pending', {
            date: formatAccountDate(pending.effectiveAt, locale),
            package: pending.packageName,
            term: t('accountSubscription.details.term', { count: pending.years }),
            price: pending.price?.totalFormatted ?? t('accountSubscription.plan.priceLater'),
          })}
        </p>
      ) : (
        <p>{t('accountSubscription.plan.same', { date })}</p>
      )}
      {undo.isError ? <p role="alert">{errorText(undo.error)}</p> : null}
      <div className={styles.actions}>
        <Link to="/subscription/plan">{t('accountSubscription.plan.change')}</Link>
        {pending ? (
          <Button variant="secondary" onClick={() => void keepCurrent()} isLoading={undo.isPending}>
            {t('accountSubscription.plan.keep')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
