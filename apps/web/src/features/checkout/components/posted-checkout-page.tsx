import {
  codesCoveringOrder,
  isConsentRequired,
  PAYMENT_VIEW_FIELD,
  PAYMENT_VIEW_PARAM,
  type Package,
  type PaymentView,
  type PhoneCodeId,
  paymentViewOf,
  type SavedBilling,
  type SavedOrder,
} from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useFormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { savedOrderPricingQueryOptions } from '../api/signup-order-pricing';
import { defaultCountryFor } from '../billing-values';
import type { SavedBillingValues } from '../checkout-store';
import { useSummaryRenderer } from '../hooks/use-summary-renderer';
import { BillingForm } from './billing-form';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout-problem';
import { PaymentSteps } from './payment-steps';
import { PostedCardView } from './posted-card-view';
import { PostedReview } from './posted-review';
import { SummaryPanel } from './summary-panel';

const viewUrlOf = (action: string) => (view: PaymentView) =>
  view === 'BILLING' ? action : `${action}?${PAYMENT_VIEW_PARAM}=${view}`;

/** The saved billing as the Review shows it. */
function billingValuesOf(billing: Pick<SavedBilling, 'address' | 'timeZone'>): SavedBillingValues {
  const { address } = billing;
  return {
    billingAddress: address.line1,
    billingAddress2: address.line2 ?? '',
    city: address.city,
    country: address.country,
    region: address.region,
    postalCode: address.postalCode,
    timezone: billing.timeZone,
  };
}

export type PostedCheckoutPageProps = {
  /** The page's join path: its forms post to it (the server answers them). */
  path: string;
  parent: {
    firstName: string;
    lastName: string;
    email: string;
    phoneCountryCode?: PhoneCodeId | undefined;
    phoneNumber?: string | undefined;
  };
  /** The billing saved (Payment needs one; the Billing form starts from it). */
  savedBilling: SavedBilling | null | undefined;
  order: SavedOrder;
  /** The saved order's price: the query the server read for the page. */
  pricing: ReturnType<typeof savedOrderPricingQueryOptions>;
  /** The referral question (not for an invited co-parent). */
  showReferral: boolean;
  /** Where Billing's Back goes (the packages), and where the email is changed. */
  packagesPath: string;
  emailChangePath: string;
  /**
   * The join's numbered steps, the payment views inside as step 4's sub-steps, and the page's
   * heading; none for the invite (its route has the heading, the views are its indicator).
   */
  joinSteps?: (paymentSteps: ReactNode) => ReactNode;
  /** The package of the order (the summary names it), once read. */
  pkg: Package | undefined;
  /** The country the visitor's pricing group was decided by (the default billing country). */
  pricingCountry: string | null | undefined;
  /** The packages could not be read. */
  packagesFailed: boolean;
  onRetry: () => void;
};

/**
 * A payment page as the server writes it for a browser that posts its forms (no script yet, or
 * none at all): the join's /payment and the invite's /invite/payment. The view in the URL
 * (`?view=PAYMENT`) or the one the server answers a post with, each a real form. Billing is the
 * one the app shows too; Payment takes the sandbox's card; Review carries the card's nonce and the
 * attempt's key the server wrote in it. Codes, the wallets and paying for the co-parent need the
 * app.
 */
export function PostedCheckoutPage({
  path,
  parent,
  savedBilling,
  order,
  pricing: pricingQuery,
  showReferral,
  packagesPath,
  emailChangePath,
  joinSteps,
  pkg,
  pricingCountry,
  packagesFailed,
  onRetry,
}: PostedCheckoutPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const action = `${JOIN_BASENAME}${path}`;
  const viewUrl = viewUrlOf(action);
  const submission = useFormSubmission(path);
  const pricing = useQuery(pricingQuery);
  const renderSummary = useSummaryRenderer(pkg, order);

  const asked =
    paymentViewOf(submission?.values[PAYMENT_VIEW_FIELD]) ??
    paymentViewOf(params.get(PAYMENT_VIEW_PARAM)) ??
    'BILLING';
  // Payment needs a saved billing; Review is only ever the answer to a posted card.
  const view: PaymentView = !savedBilling
    ? 'BILLING'
    : asked === 'REVIEW' && !submission
      ? 'PAYMENT'
      : asked;
  const errors = submission?.errors ?? [];
  // A Billing form is answered only with its problems; the other views list theirs.
  const hasProblems = errors.length > 0 || (view === 'BILLING' && submission !== undefined);
  useDocumentTitle(`${t(`checkout.steps.${view}`)} – ${t('paymentStep.title')}`, hasProblems);

  const summary = (headingId: string) =>
    pricing.data && renderSummary
      ? renderSummary(pricing.data, { headingId, isUpdating: false })
      : null;
  const back = (href: string, label?: string) => (
    <ButtonLink variant="secondary" href={href}>
      <span aria-hidden="true">←</span> {label ?? t('common.back')}
    </ButtonLink>
  );

  let content: ReactNode;
  if (view === 'BILLING') {
    content = (
      <BillingForm
        parent={parent}
        saved={savedBilling}
        defaultCountry={defaultCountryFor(pricingCountry, parent.phoneCountryCode)}
        onSubmit={async () => undefined}
        isSubmitting={false}
        onErrorsChange={() => undefined}
        backButton={back(`${JOIN_BASENAME}${packagesPath}`, t('checkout.billing.back'))}
        showReferral={showReferral}
        posting={{ action, submission }}
      />
    );
  } else if (view === 'PAYMENT') {
    content = (
      <PostedCardView
        action={action}
        errors={errors}
        isFree={pricing.data?.totals.total === 0}
        coveringCodes={pricing.data ? codesCoveringOrder(pricing.data) : []}
        backButton={back(viewUrl('BILLING'))}
      />
    );
  } else {
    const billing = savedBilling ? billingValuesOf(savedBilling) : undefined;
    content = billing ? (
      <PostedReview
        action={action}
        values={submission?.values ?? {}}
        errors={errors}
        parent={parent}
        billing={billing}
        isConsentRequired={isConsentRequired(billing.country)}
        pricing={pricing.data}
        summary={summary('review-summary-heading')}
        emailChangePath={emailChangePath}
        billingHref={viewUrl('BILLING')}
        paymentHref={viewUrl('PAYMENT')}
      />
    ) : null;
  }

  const hasLoadError = packagesFailed || pricing.isError;
  const steps = (
    <PaymentSteps
      view={view}
      lastCompletedPaymentStep={view === 'REVIEW' ? 2 : savedBilling ? 1 : 0}
      onSelect={() => undefined}
      hrefFor={viewUrl}
      isSubSteps={joinSteps !== undefined}
    />
  );
  return (
    <>
      {joinSteps ? (
        <>
          {joinSteps(steps)}
          <PageHeading>{t('paymentStep.title')}</PageHeading>
        </>
      ) : (
        steps
      )}
      <div className={view === 'REVIEW' ? styles.layoutSingle : styles.layout}>
        {/* First, as a phone shows it above the form (the stylesheet puts it aside on a wide one) */}
        {view === 'REVIEW' ? null : (
          <SummaryPanel totalFormatted={pricing.data?.totals.totalFormatted}>
            {hasLoadError ? (
              <div>
                <CheckoutProblem>
                  {t('payment_pricing_error', { ns: 'validation' })}
                </CheckoutProblem>
                <Button
                  variant="secondary"
                  onClick={() => {
                    onRetry();
                    void pricing.refetch();
                  }}
                >
                  {t('packages.retry')}
                </Button>
              </div>
            ) : (
              (summary('sidebar-summary-heading') ?? (
                <Spinner label={t('checkout.summary.loading')} />
              ))
            )}
          </SummaryPanel>
        )}
        <div className={styles.main}>{content}</div>
      </div>
    </>
  );
}
