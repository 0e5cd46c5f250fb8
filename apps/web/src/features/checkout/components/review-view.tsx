import type { PaymentType } from '@coparent/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { VisuallyHidden } from '@/components/visually-hidden';
import { WaitBanner } from '@/components/wait-banner';
import { useCheckoutSession } from '../checkout-session';
import { type CardSummary, useCheckoutStore } from '../checkout-store';
import type { PayProblem } from '../hooks/use-pay';
import styles from './checkout.module.css';
import { CheckoutProblem } from './checkout-problem';
import { ConsentFields } from './consent-fields';
import { ReviewAddress } from './review-address';

type ReviewViewProps = {
  /** The order summary (the shared OrderSummary, composed by the route). */
  summary: ReactNode;
  onPay: () => void;
  isPaying: boolean;
  /** The codes that pay the whole price: nothing is charged, so no method is shown or asked. */
  coveringCodes: readonly string[];
  problem: PayProblem | null;
  /** Where "Change" next to the email goes (/step1 in the main flow). */
  emailChangePath: string;
};

function methodText(
  t: (key: string, options?: Record<string, unknown>) => string,
  method: PaymentType,
  card: CardSummary | undefined,
  venmoUsername: string | undefined,
): string {
  if (method === 'CREDIT_CARD' && card) {
    return t('checkout.review.card', { brand: card.cardType, lastFour: card.lastFour });
  }
  if (method === 'VENMO' && venmoUsername) {
    return t('braintree.venmoAccount', { username: venmoUsername });
  }
  return t(`checkout.methods.${method}`);
}

/**
 * The Review view: email, billing and payment method each with Change, the order
 * summary, payment errors, Back to payment and Pay now — disabled while paying, while the
 * terms are required and not accepted, or while the server's wait after too many attempts lasts.
 * An order codes pay in full names them as its method and is confirmed, not paid.
 */
export function ReviewView({
  summary,
  onPay,
  isPaying,
  coveringCodes,
  problem,
  emailChangePath,
}: ReviewViewProps) {
  const { t } = useTranslation();
  const session = useCheckoutSession();
  const billing = useCheckoutStore((s) => s.billing);
  const method = useCheckoutStore((s) => s.method);
  const card = useCheckoutStore((s) => s.card);
  const venmoUsername = useCheckoutStore((s) => s.venmoUsername);
  const consent = useCheckoutStore((s) => s.consent);
  const setView = useCheckoutStore((s) => s.setView);
  const setConsent = useCheckoutStore((s) => s.setConsent);
  // Shown once per visit: an attempt a reload interrupted is replayed by Pay now, never repeated.
  const [hadPendingAttempt] = useState(() => {
    const pending = useCheckoutStore.getState().pendingAttempt;
    return Boolean(pending && pending.flowId === session.flowId);
  });
  const hintId = useId();

  const { parent } = session;
  const isCovered = coveringCodes.length > 0;
  const isTermsMissing = consent.isRequired && !consent.termsAndConditions;
  const termsError =
    problem?.kind === 'validation'
      ? problem.errors.find((e) => e.field === 'termsAccepted')?.text
      : undefined;
  const otherErrors =
    problem?.kind === 'validation' ? problem.errors.filter((e) => e.field !== 'termsAccepted') : [];

  return (
    <div className={styles.review}>
      <h2 className={styles.viewHeading}>{t('checkout.review.heading')}</h2>
      {hadPendingAttempt ? (
        <AlertBanner tone="info">
          <p>{t('checkout.review.pendingAttempt')}</p>
        </AlertBanner>
      ) : null}
      {problem?.kind === 'declined' ? (
        <AlertBanner
          tone="error"
          action={
            <Button variant="link" onClick={() => setView('PAYMENT')}>
              {t('checkout.review.changeMethod')}
            </Button>
          }
        >
          <p>{problem.text || t('payment_declined_error', { ns: 'validation' })}</p>
        </AlertBanner>
      ) : null}
      {problem?.kind === 'priceChanged' ? (
        <AlertBanner tone="warning">
          <p>{problem.text}</p>
          <p>{t('checkout.review.priceChangedConfirm')}</p>
        </AlertBanner>
      ) : null}
      {problem?.kind === 'tooMany' ? <WaitBanner seconds={problem.seconds} /> : null}
      {problem?.kind === 'wait' ? (
        <AlertBanner tone="warning">
          <p>{problem.text || t('genericErrorMessage', { ns: 'validation' })}</p>
        </AlertBanner>
      ) : null}
      {otherErrors.length > 0 ? (
        <AlertBanner tone="error">
          <ul className={styles.errorList}>
            {otherErrors.map((error) => (
              <li key={`${error.field}-${error.text}`}>{error.text}</li>
            ))}
          </ul>
        </AlertBanner>
      ) : null}
      {problem?.kind === 'generic' ? (
        <CheckoutProblem
          country={billing?.country}
          // The same as Pay now (the same attempt), so only when Pay now is allowed.
          retry={isTermsMissing ? undefined : { onRetry: onPay }}
        />
      ) : null}

      <section className={styles.reviewSection} aria-labelledby="review-account">
        <div className={styles.reviewHeader}>
          <h3 id="review-account">{t('checkout.review.account')}</h3>
          <Link to={emailChangePath} className={styles.changeLink}>
            {t('checkout.review.change')}
            <VisuallyHidden> {t('checkout.review.changeEmail')}</VisuallyHidden>
          </Link>
        </div>
        <p>{parent.email}</p>
      </section>

      <section className={styles.reviewSection} aria-labelledby="review-billing">
        <div className={styles.reviewHeader}>
          <h3 id="review-billing">{t('checkout.review.billing')}</h3>
          <Button variant="link" onClick={() => setView('BILLING')}>
            {t('checkout.review.change')}
            <VisuallyHidden> {t('checkout.review.changeBilling')}</VisuallyHidden>
          </Button>
        </div>
        <ReviewAddress parent={parent} billing={billing} />
      </section>

      <section className={styles.reviewSection} aria-labelledby="review-method">
        <div className={styles.reviewHeader}>
          <h3 id="review-method">{t('checkout.review.method')}</h3>
          <Button variant="link" onClick={() => setView('PAYMENT')}>
            {t('checkout.review.change')}
            <VisuallyHidden> {t('checkout.review.changeMethodHidden')}</VisuallyHidden>
          </Button>
        </div>
        <p>
          {isCovered
            ? t('checkout.review.coveredBy', {
                count: coveringCodes.length,
                codes: coveringCodes.join(', '),
              })
            : methodText(t, method, card, venmoUsername)}
        </p>
      </section>

      {summary}

      <ConsentFields
        idPrefix="review-consent"
        consent={consent}
        onChange={setConsent}
        isTermsOnly
        termsError={termsError}
      />
      {isTermsMissing ? (
        <p id={hintId} className={styles.hint}>
          {isCovered ? t('checkout.review.termsNeededToConfirm') : t('checkout.review.termsNeeded')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          onClick={onPay}
          disabled={isPaying || isTermsMissing || problem?.kind === 'tooMany'}
          isLoading={isPaying}
          aria-describedby={isTermsMissing ? hintId : undefined}
        >
          {isCovered ? t('checkout.review.confirm') : t('checkout.review.pay')}
        </Button>
        <Button variant="link" onClick={() => setView('PAYMENT')}>
          {t('checkout.review.backToPayment')}
        </Button>
      </div>
      {isPaying ? (
        <p role="status">
          {isCovered ? t('checkout.review.confirming') : t('checkout.review.paying')}
        </p>
      ) : null}
    </div>
  );
}
