import type { PaymentView } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { StepProgress } from '@/components/step-progress';

const VIEWS: readonly PaymentView[] = ['BILLING', 'PAYMENT', 'REVIEW'];

/**
 * Billing is always clickable; Payment once a payment step is done; Review only when
 * the last completed payment step is above 1.
 */
export function isViewEnabled(view: PaymentView, lastCompletedPaymentStep: number): boolean {
  if (view === 'BILLING') return true;
  if (view === 'PAYMENT') return lastCompletedPaymentStep >= 1;
  return lastCompletedPaymentStep > 1;
}

type PaymentStepsProps = {
  view: PaymentView;
  lastCompletedPaymentStep: number;
  onSelect: (view: PaymentView) => void;
  /** Where an enabled view links to on a page that works without a script. */
  hrefFor?: (view: PaymentView) => string;
  /** Shown beneath the funnel's payment step (the page's one indicator), not on their own. */
  isSubSteps?: boolean;
};

/**
 * The three payment views as numbered steps (the current one is aria-current="step"): the
 * invited co-parent's page's indicator, or the sub-steps of the funnel's payment step.
 */
export function PaymentSteps({
  view,
  lastCompletedPaymentStep,
  onSelect,
  hrefFor,
  isSubSteps = false,
}: PaymentStepsProps) {
  const { t } = useTranslation();
  return (
    <StepProgress
      label={t('checkout.steps.label')}
      currentStep={VIEWS.indexOf(view) + 1}
      steps={VIEWS.map((name, index) => ({
        step: index + 1,
        name: t(`checkout.steps.${name}`),
        isDone: index + 1 <= lastCompletedPaymentStep,
        isEnabled: isViewEnabled(name, lastCompletedPaymentStep),
      }))}
      onSelect={(step) => {
        const next = VIEWS[step - 1];
        if (next) onSelect(next);
      }}
      hrefFor={hrefFor && ((step) => hrefFor(VIEWS[step - 1] ?? 'BILLING'))}
      isSubSteps={isSubSteps}
    />
  );
}
