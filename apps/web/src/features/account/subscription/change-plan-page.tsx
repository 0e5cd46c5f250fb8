import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { PageHeading } from '@/components/page-heading';
import { RadioGroup } from '@/components/radio-group';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { AccountLoadError } from '../components/account-load-error';
import { formatAccountDate } from '../home/format-date';
import { useLoginRedirect } from '../session/require-login';
import { useChangePlan, useSubscriptionPlans } from './change-plan';
import { useAccountSubscription } from './get-account-subscription';
import styles from './subscription.module.css';
import type { SubscriptionNotice } from './subscription-page';

const FIELD_ID = 'plan';

/**
 * /app/account/subscription/plan: the payer chooses the package and term the next term renews on
 * (decision 062), among the catalog's plans for them, each with the renewal price for their
 * country and tax. It takes effect at the renewal date, with nothing prorated; then the
 * subscription page confirms it. Anyone who cannot change it reads why there.
 */
export function ChangePlanPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useAccountSubscription();
  const subscription = query.data?.subscription ?? undefined;
  const mayChange = subscription?.canChange === true;
  const plans = useSubscriptionPlans(mayChange ? subscription.subscriptionId : undefined);
  const isRedirecting = useLoginRedirect(query.error ?? plans.error);
  const change = useChangePlan();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [focusKey, setFocusKey] = useState(0);
  useDocumentTitle(t('accountSubscription.planTitle'));

  const heading = <PageHeading>{t('accountSubscription.planTitle')}</PageHeading>;
  const back = (
    <p>
      <Link to="/subscription">{t('accountSubscription.plan.back')}</Link>
    </p>
  );
  if (query.isPending || isRedirecting || (mayChange && plans.isPending)) {
    return <Spinner label={t('account.loading')} />;
  }
  if (query.isError || plans.isError) {
    return (
      <div className={styles.page}>
        {heading}
        <AccountLoadError
          onRetry={() => void (query.isError ? query.refetch() : plans.refetch())}
        />
      </div>
    );
  }
  if (!subscription || !mayChange || !plans.data) {
    return (
      <div className={styles.page}>
        {heading}
        <p>{subscription ? t('accountSubscription.plan.cannot') : t('accountSubscription.none')}</p>
        {back}
      </div>
    );
  }
  const { currentPackageId } = plans.data;
  const selected = chosen ?? String(subscription.pendingPlan?.packageId ?? currentPackageId);
  const date = formatAccountDate(subscription.renewsAt, locale);
  const fieldErrors = isApiError(change.error) ? change.error.fieldErrors : [];
  const summary: ErrorSummaryItem[] = change.isError
    ? fieldErrors.length > 0
      ? fieldErrors.map((e) => ({
          message: e.text,
          ...(e.field === 'packageId' ? { fieldId: FIELD_ID } : {}),
        }))
      : [{ message: t('accountSubscription.error') }]
    : [];
  const planError = fieldErrors.find((e) => e.field === 'packageId')?.text;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!subscription) return;
    const packageId = Number(selected);
    const notice: SubscriptionNotice =
      packageId === currentPackageId ? 'planUndone' : 'planChanged';
    try {
      await change.mutateAsync({ subscriptionId: subscription.subscriptionId, packageId });
      navigate('/subscription', { state: { notice } });
    } catch {
      setFocusKey((key) => key + 1);
    }
  }

  return (
    <div className={styles.page}>
      {heading}
      <ErrorSummary items={summary} focusKey={focusKey} />
      <p>{t('accountSubscription.plan.intro', { date })}</p>
      <ul className={styles.list}>
        <li>{t('accountSubscription.plan.noProration', { date })}</li>
        <li>{t('accountSubscription.plan.undo', { date })}</li>
        {subscription.alsoRenews.length > 0 ? (
          <li>
            {t('accountSubscription.plan.coParent', {
              name: subscription.alsoRenews.map((m) => `${m.firstName} ${m.lastName}`).join(', '),
            })}
          </li>
        ) : null}
        <li>{t('accountSubscription.cancel.email')}</li>
      </ul>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <RadioGroup
          id={FIELD_ID}
          name="plan"
          legend={t('accountSubscription.plan.legend')}
          options={plans.data.plans.map((plan) => ({
            value: String(plan.packageId),
            label: t(
              plan.packageId === currentPackageId
                ? 'accountSubscription.plan.optionCurrent'
                : 'accountSubscription.plan.option',
              {
                package: plan.packageName,
                term: t('accountSubscription.details.term', { count: plan.years }),
                price: plan.price.totalFormatted,
                tax: plan.price.taxAmountFormatted,
              },
            ),
          }))}
          value={selected}
          onChange={setChosen}
          {...(planError ? { error: planError } : {})}
        />
        <div className={styles.actions}>
          <Button type="submit" isLoading={change.isPending}>
            {t('accountSubscription.plan.submit')}
          </Button>
          <Link to="/subscription">{t('accountSubscription.plan.back')}</Link>
        </div>
      </form>
    </div>
  );
}
