import {
  codesCoveringOrder,
  normalizeCode,
  type PaymentView as PaymentViewName,
  type PricingResponse,
  type SavedBilling,
  type SavedOrder,
} from '@coparent/domain';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { LiveRegion } from '@/components/live-region';
import { Spinner } from '@/components/spinner';
import { WaitBanner } from '@/components/wait-banner';
import { track } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defaultCountryFor } from '../billing-values';
import { useCheckoutSession } from '../checkout-session';
import { useCheckoutStore } from '../checkout-store';
import { useOrderPricing } from '../hooks/use-order-pricing';
import { usePay } from '../hooks/use-pay';
import { usePaymentViewHistory } from '../hooks/use-payment-view-history';
import { useSubmitBilling } from '../hooks/use-submit-billing';
import { BILLING_FORM_ID, BillingForm } from './billing-form';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout-problem';
import { CodeRefusalBanner } from './code-refusal-banner';
import { CountryMismatchDialog } from './country-mismatch-dialog';
import { isViewEnabled, PaymentSteps } from './payment-steps';
import { PaymentView } from './payment-view';
import { ReviewView } from './review-view';
import { SummaryPanel } from './summary-panel';

export type SummaryRenderer = (
  pricing: PricingResponse,
  options: { headingId: string; isUpdating: boolean },
) => ReactNode;

type CheckoutPageProps = {
  order: SavedOrder;
  /** The billing the server has (a reload, another device, the invited user's): prefills it. */
  savedBilling: SavedBilling | null | undefined;
  /** The order summary (the shared OrderSummary, composed by the route). */
  renderSummary: SummaryRenderer;
  /** Back on Billing (to the packages, or the flow's step 1). */
  backToPackages: ReactNode;
  /** The email's Change on Review (/step1, or /invite/step1 for an invited user). */
  emailChangePath: string;
  /**
   * The page shows the views as sub-steps of its own progress indicator (Parent A's funnel), so
   * the checkout does not show a second one.
   */
  hasPageProgress?: boolean;
};

/**
 * The payment page's three views (/payment and /invite/payment: the flow is in the session) with
 * their step tabs, the order summary sidebar (hidden on Review), the country-mismatch modal, and
 * the payment itself.
 */
export function CheckoutPage({
  order,
  savedBilling,
  renderSummary,
  backToPackages,
  emailChangePath,
  hasPageProgress = false,
}: CheckoutPageProps) {
  const { t } = useTranslation();
  const session = useCheckoutSession();
  const view = useCheckoutStore((s) => s.view);
  const lastCompletedPaymentStep = useCheckoutStore((s) => s.lastCompletedPaymentStep);
  const setView = useCheckoutStore((s) => s.setView);
  const pricing = useOrderPricing(order);
  const billing = useSubmitBilling(order);
  const billingCountry = useCheckoutStore((s) => s.billing?.country);
  const pay = usePay({ order, pricing: pricing.data, pricingBody: pricing.body });
  const { codeRefusal } = pricing;
  const [removedCode, setRemovedCode] = useState<string>();
  const [hasBillingErrors, setHasBillingErrors] = useState(false);
  const onErrorsChange = useCallback((has: boolean) => setHasBillingErrors(has), []);

  // A view that is not reachable yet (e.g. Review after a reload that lost the card) falls back.
  const shown: PaymentViewName = isViewEnabled(view, lastCompletedPaymentStep) ? view : 'BILLING';
  const canShow = useCallback(
    (next: PaymentViewName) => isViewEnabled(next, lastCompletedPaymentStep),
    [lastCompletedPaymentStep],
  );
  usePaymentViewHistory(shown, canShow);
  const viewName = t(`checkout.steps.${shown}`);
  const hasErrors =
    (shown === 'BILLING' && hasBillingErrors) || (shown === 'REVIEW' && pay.problem !== null);
  useDocumentTitle(`${viewName} – ${t('paymentStep.title')}`, hasErrors);

  // Each view is announced and starts from its heading, as a new page would.
  const contentRef = useRef<HTMLDivElement>(null);
  const previousView = useRef(shown);
  useEffect(() => {
    track('Checkout Step Viewed', {
      step: shown === 'BILLING' ? 1 : shown === 'PAYMENT' ? 2 : 3,
      stepName: shown,
    });
    if (previousView.current === shown) return;
    previousView.current = shown;
    const heading = contentRef.current?.querySelector('h2');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }, [shown]);

  // The refused code goes from the order, which is priced again; focus moves to the view's heading
  // (the button is gone) and the removal is announced.
  const removeRefusedCode = (code: string) => {
    session.onPaymentCodesChange(session.paymentCodes.filter((c) => normalizeCode(c) !== code));
    setRemovedCode(code);
    const heading = contentRef.current?.querySelector('h2');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  };

  const summary = (headingId: string) =>
    pricing.data
      ? renderSummary(pricing.data, { headingId, isUpdating: pricing.isFetching })
      : null;

  let content: ReactNode;
  if (shown === 'BILLING') {
    content = (
      <BillingForm
        parent={session.parent}
        saved={savedBilling}
        defaultCountry={defaultCountryFor(session.defaultCountry, session.parent.phoneCountryCode)}
        onSubmit={billing.submit}
        isSubmitting={billing.isSubmitting}
        isWaiting={billing.waitSeconds !== undefined}
        onErrorsChange={onErrorsChange}
        backButton={backToPackages}
        showReferral={session.showReferral}
      />
    );
  } else if (shown === 'PAYMENT') {
    content = (
      <PaymentView
        order={order}
        pricing={pricing.data}
        isPricing={pricing.isFetching}
        refusedCode={codeRefusal?.code}
        backButton={
          <Button variant="secondary" onClick={() => setView('BILLING')}>
            <span aria-hidden="true">←</span> {t('common.back')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <ReviewView
        summary={summary('review-summary-heading')}
        onPay={() => void pay.pay()}
        isPaying={pay.isPaying}
        coveringCodes={pricing.data ? codesCoveringOrder(pricing.data) : []}
        problem={pay.problem}
        emailChangePath={emailChangePath}
      />
    );
  }

  const pricingProblem =
    codeRefusal && !pricing.data ? (
      <p>{t('checkout.codeRefusal.summaryWaiting')}</p>
    ) : pricing.isError && !pricing.data ? (
      <div>
        <CheckoutProblem country={billingCountry}>
          {t('payment_pricing_error', { ns: 'validation' })}
        </CheckoutProblem>
        <Button variant="secondary" onClick={() => void pricing.refetch()}>
          {t('packages.retry')}
        </Button>
      </div>
    ) : null;

  return (
    <>
      {hasPageProgress ? null : (
        <PaymentSteps
          view={shown}
          lastCompletedPaymentStep={lastCompletedPaymentStep}
          onSelect={setView}
        />
      )}
      {codeRefusal ? (
        <CodeRefusalBanner
          refusal={codeRefusal}
          onRemove={() => removeRefusedCode(codeRefusal.code)}
        />
      ) : null}
      <LiveRegion
        message={removedCode ? t('checkout.codeRefusal.removed', { code: removedCode }) : ''}
      />
      {billing.waitSeconds !== undefined ? <WaitBanner seconds={billing.waitSeconds} /> : null}
      {billing.hasProblem ? (
        <CheckoutProblem
          country={billingCountry}
          // Only the Billing view has the form to send again.
          retry={shown === 'BILLING' ? { formId: BILLING_FORM_ID } : undefined}
        />
      ) : null}
      <div className={shown === 'REVIEW' ? styles.layoutSingle : styles.layout}>
        {/* First, as a phone shows it above the form (the stylesheet puts it aside on a wide one) */}
        {shown === 'REVIEW' ? null : (
          <SummaryPanel totalFormatted={pricing.data?.totals.totalFormatted}>
            {pricingProblem ?? summary('sidebar-summary-heading') ?? (
              <Spinner label={t('checkout.summary.loading')} />
            )}
          </SummaryPanel>
        )}
        <div ref={contentRef} className={styles.main}>
          {shown === 'REVIEW' ? pricingProblem : null}
          {content}
        </div>
      </div>
      <CountryMismatchDialog isOpen={billing.isMismatchOpen} onAnswer={billing.answerMismatch} />
    </>
  );
}
