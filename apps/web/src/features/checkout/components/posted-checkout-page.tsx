import {
  codesCoveringOrder,
  isConsentRequired,
  PAYMENT_VIEW_FIELD,
  PAYMENT_VIEW_PARAM,
  type Package,
  type PaymentView,
  paymentViewOf,
  type SavedOrder,
  type SignupState,
} from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { StepIndicator } from '@/components/step-indicator';
import { useFormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { savedOrderPricingBody, savedOrderPricingQueryOptions } from '../api/signup-order-pricing';
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

/** The page (and where its forms post without a script: the server answers them). */
const PAYMENT_PATH = '/payment';
const PAYMENT_URL = `${JOIN_BASENAME}${PAYMENT_PATH}`;

const viewUrl = (view: PaymentView) =>
  view === 'BILLING' ? PAYMENT_URL : `${PAYMENT_URL}?${PAYMENT_VIEW_PARAM}=${view}`;

/** The saved billing as the Review shows it. */
function billingValuesOf(billing: NonNullable<SignupState['billing']>): SavedBillingValues {
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

type PostedCheckoutPageProps = {
  signup: SignupState;
  order: SavedOrder;
  /** The package of the order (the summary names it), once read. */
  pkg: Package | undefined;
  /** The country the visitor's pricing group was decided by (the default billing country). */
  pricingCountry: string | null | undefined;
  /** The packages could not be read. */
  packagesFailed: boolean;
  onRetry: () => void;
};

/**
 * /payment as the server writes it for a browser that posts its forms (no script yet, or none at
 * all): the view in the URL (`?view=PAYMENT`) or the one the server answers a post with, each a
 * real form. Billing is the one the app shows too; Payment takes the sandbox's card; Review
 * carries the card's nonce and the attempt's key the server wrote in it. Codes, the wallets and
 * paying for the co-parent need the app.
 */
export function PostedCheckoutPage({
  signup,
  order,
  pkg,
  pricingCountry,
  packagesFailed,
  onRetry,
}: PostedCheckoutPageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const submission = useFormSubmission(PAYMENT_PATH);
  const pricing = useQuery(
    savedOrderPricingQueryOptions(signup, savedOrderPricingBody(signup, order), locale),
  );
  const renderSummary = useSummaryRenderer(pkg, order);

  const asked =
    paymentViewOf(submission?.values[PAYMENT_VIEW_FIELD]) ??
    paymentViewOf(params.get(PAYMENT_VIEW_PARAM)) ??
    'BILLING';
  // Payment needs a saved billing; Review is only ever the answer to a posted card.
  const view: PaymentView = !signup.billing
    ? 'BILLING'
    : asked === 'REVIEW' && !submission
      ? 'PAYMENT'
      : asked;
  const errors = submission?.errors ?? [];
  // A Billing form is answered only with its problems; the other views list theirs.
  const hasProblems = errors.length > 0 || (view === 'BILLING' && submission !== undefined);
  useDocumentTitle(`${t(`checkout.steps.${view}`)} – ${t('paymentStep.title')}`, hasProblems);

  const parent = {
    firstName: signup.parent.firstName,
    lastName: signup.parent.lastName,
    email: signup.parent.email ?? '',
    phoneCountryCode: signup.parent.phoneCountryCode ?? undefined,
    phoneNumber: signup.parent.phoneNumber ?? undefined,
  };
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
        saved={signup.billing}
        defaultCountry={defaultCountryFor(pricingCountry, parent.phoneCountryCode)}
        onSubmit={async () => undefined}
        isSubmitting={false}
        onErrorsChange={() => undefined}
        backButton={back(`${JOIN_BASENAME}/step3`, t('checkout.billing.back'))}
        showReferral
        posting={{ action: PAYMENT_URL, submission }}
      />
    );
  } else if (view === 'PAYMENT') {
    content = (
      <PostedCardView
        action={PAYMENT_URL}
        errors={errors}
        isFree={pricing.data?.totals.total === 0}
        coveringCodes={pricing.data ? codesCoveringOrder(pricing.data) : []}
        backButton={back(viewUrl('BILLING'))}
      />
    );
  } else {
    const billing = signup.billing ? billingValuesOf(signup.billing) : undefined;
    content = billing ? (
      <PostedReview
        action={PAYMENT_URL}
        values={submission?.values ?? {}}
        errors={errors}
        parent={parent}
        billing={billing}
        isConsentRequired={isConsentRequired(billing.country)}
        pricing={pricing.data}
        summary={summary('review-summary-heading')}
        emailChangePath="/step1"
        billingHref={viewUrl('BILLING')}
        paymentHref={viewUrl('PAYMENT')}
      />
    ) : null;
  }

  const hasLoadError = packagesFailed || pricing.isError;
  return (
    <>
      {/* One indicator: the payment views are step 4's sub-steps. */}
      <StepIndicator currentStep={4} lastCompletedStep={signup.lastCompletedStep}>
        <PaymentSteps
          view={view}
          lastCompletedPaymentStep={view === 'REVIEW' ? 2 : signup.billing ? 1 : 0}
          onSelect={() => undefined}
          hrefFor={viewUrl}
          isSubSteps
        />
      </StepIndicator>
      <PageHeading>{t('paymentStep.title')}</PageHeading>
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
