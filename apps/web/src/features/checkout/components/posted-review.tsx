import {
  codesCoveringOrder,
  MARKETING_OPT_IN_FIELD,
  PAYMENT_VIEW_FIELD,
  type PricingResponse,
  type ReviewFormField,
  TERMS_ACCEPTED_FIELD,
  type ValidationError,
} from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import { ErrorSummary, type ErrorSummaryItem } from '@/components/error-summary';
import { legalPageLinks } from '@/components/legal-page-links';
import { RichText } from '@/components/rich-text';
import { VisuallyHidden } from '@/components/visually-hidden';
import type { CheckoutSession } from '../checkout-session';
import type { SavedBillingValues } from '../checkout-store';
import styles from './checkout.module.css';
import { ReviewAddress } from './review-address';

const TERMS_ID = 'review-consent-terms';

type PostedReviewProps = {
  /** Where Pay now posts. */
  action: string;
  /** What the server wrote into the form (the card's nonce, the attempt's key) and the boxes. */
  values: Readonly<Record<string, string>>;
  /** The server's refusals of the last post (the terms, a price that changed, a wait). */
  errors: readonly ValidationError[];
  parent: CheckoutSession['parent'];
  billing: SavedBillingValues;
  /** The terms and marketing boxes are asked (the billing country requires consent). */
  isConsentRequired: boolean;
  /** The price shown, sent back with the payment (a different one is refused, not charged). */
  pricing: PricingResponse | undefined;
  summary: ReactNode;
  emailChangePath: string;
  billingHref: string;
  paymentHref: string;
};

/**
 * The Review view of a page the server wrote, as a form posted without a script: the email, the
 * billing address and the card, each with a link to change it, the order summary, the consent
 * boxes where they are required, and Pay now, which posts the card's nonce, the attempt's key and
 * the price shown.
 */
export function PostedReview({
  action,
  values,
  errors,
  parent,
  billing,
  isConsentRequired,
  pricing,
  summary,
  emailChangePath,
  billingHref,
  paymentHref,
}: PostedReviewProps) {
  const { t } = useTranslation();
  const items: ErrorSummaryItem[] = errors.map((error) => ({
    message: error.text,
    ...(error.field === TERMS_ACCEPTED_FIELD ? { fieldId: TERMS_ID } : {}),
  }));
  const termsError = errors.find((error) => error.field === TERMS_ACCEPTED_FIELD)?.text;
  const hidden: Partial<Record<ReviewFormField, string | undefined>> = {
    nonce: values.nonce,
    cardType: values.cardType,
    lastFour: values.lastFour,
    idempotencyKey: values.idempotencyKey,
    amountDisplayed: pricing ? String(pricing.totals.total) : undefined,
    taxAmountDisplayed: pricing ? String(pricing.totals.taxAmount) : undefined,
    taxId: pricing?.taxId ?? undefined,
  };
  const coveringCodes = pricing ? codesCoveringOrder(pricing) : [];
  const isCovered = coveringCodes.length > 0;
  const method = isCovered
    ? t('checkout.review.coveredBy', {
        count: coveringCodes.length,
        codes: coveringCodes.join(', '),
      })
    : values.cardType && values.lastFour
      ? t('checkout.review.card', { brand: values.cardType, lastFour: values.lastFour })
      : t('checkout.payment.free');

  return (
    <form method="post" action={action} noValidate className={styles.review}>
      <ErrorSummary items={items.filter((item) => item.message)} focusKey={0} />
      <input type="hidden" name={PAYMENT_VIEW_FIELD} value="REVIEW" />
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <h2 className={styles.viewHeading}>{t('checkout.review.heading')}</h2>

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
          <a href={billingHref} className={styles.changeLink}>
            {t('checkout.review.change')}
            <VisuallyHidden> {t('checkout.review.changeBilling')}</VisuallyHidden>
          </a>
        </div>
        <ReviewAddress parent={parent} billing={billing} />
      </section>

      <section className={styles.reviewSection} aria-labelledby="review-method">
        <div className={styles.reviewHeader}>
          <h3 id="review-method">{t('checkout.review.method')}</h3>
          <a href={paymentHref} className={styles.changeLink}>
            {t('checkout.review.change')}
            <VisuallyHidden> {t('checkout.review.changeMethodHidden')}</VisuallyHidden>
          </a>
        </div>
        <p>{method}</p>
      </section>

      {summary}

      {isConsentRequired ? (
        <div>
          <CheckboxField
            id={TERMS_ID}
            name={TERMS_ACCEPTED_FIELD}
            value="yes"
            defaultChecked={values[TERMS_ACCEPTED_FIELD] === 'yes'}
            error={termsError}
            label={
              <RichText
                i18nKey="checkout.consent.terms"
                components={legalPageLinks(t('checkout.consent.newTab'))}
              />
            }
          />
          <CheckboxField
            id="review-consent-marketing"
            name={MARKETING_OPT_IN_FIELD}
            value="yes"
            defaultChecked={values[MARKETING_OPT_IN_FIELD] === 'yes'}
            label={t('checkout.consent.marketing')}
          />
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={!pricing}>
          {isCovered ? t('checkout.review.confirm') : t('checkout.review.pay')}
        </Button>
        <a href={paymentHref} className={styles.changeLink}>
          {t('checkout.review.backToPayment')}
        </a>
      </div>
    </form>
  );
}
