import { areTaxesIncluded, type PricingInfo, type Receipt, taxLabelKeys } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import styles from './order-summary.module.css';

type OrderSummaryPackage = {
  id: number;
  displayName: string;
  subDurationInYears: number;
  /** Names of the build-your-own options included (none for other packages). */
  options?: readonly string[];
};

type OrderSummaryProps = {
  pkg: OrderSummaryPackage;
  /** The server's pricing (the pricing call, or a receipt's figures). */
  pricing: Pick<
    PricingInfo,
    'couponDetail' | 'paymentCodeDetails' | 'taxes' | 'totals' | 'payForCoParent'
  > &
    Partial<Pick<PricingInfo, 'taxesCalculated' | 'pricesIncludeTax'>>;
  /** The heading's id (several summaries can be on one page). */
  headingId: string;
  headingLevel?: 2 | 3;
  /** A new price is being asked for: the figures shown are the previous ones. */
  isUpdating?: boolean;
  /** After payment: "Total paid" instead of "Total due today". */
  isPaid?: boolean;
};

/**
 * The order summary: package and term, subtotal, discount, codes, the tax or VAT line (VAT wording
 * for 2061 and 2063; included taxes are shown, not added), and the total — every figure as the
 * server formatted it, never computed here.
 */
export function OrderSummary({
  pkg,
  pricing,
  headingId,
  headingLevel = 2,
  isUpdating = false,
  isPaid = false,
}: OrderSummaryProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { totals, couponDetail, paymentCodeDetails, taxes } = pricing;
  const isIncluded = areTaxesIncluded(taxes, pricing.pricesIncludeTax);
  const isTaxKnown = pricing.taxesCalculated !== false;
  const label = taxLabelKeys(pkg.id, taxes)
    .map((key) => t(key, { ns: 'validation' }))
    .join(' + ');
  return (
    <section
      className={styles.summary}
      aria-labelledby={headingId}
      aria-busy={isUpdating || undefined}
    >
      <Heading id={headingId} className={styles.heading}>
        {t('orderSummary.heading')}
      </Heading>
      <p className={styles.packageName}>{pkg.displayName}</p>
      <p className={styles.term}>
        {t(
          pkg.subDurationInYears === 2
            ? 'packages.billedEveryTwoYears'
            : 'packages.billedEveryYear',
        )}
      </p>
      {pkg.options && pkg.options.length > 0 ? (
        <p className={styles.term}>
          {t('orderSummary.options', { options: pkg.options.join(', ') })}
        </p>
      ) : null}
      {pricing.payForCoParent ? (
        <p className={styles.term}>{t('orderSummary.twoSubscriptions')}</p>
      ) : null}
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>{t('orderSummary.subtotal')}</dt>
          <dd>{totals.subTotalFormatted}</dd>
        </div>
        {couponDetail ? (
          <div className={styles.line}>
            <dt>{t('orderSummary.discount', { code: couponDetail.couponCode })}</dt>
            <dd>{t('orderSummary.minus', { amount: couponDetail.discountFormatted })}</dd>
          </div>
        ) : null}
        {paymentCodeDetails.map((detail) => (
          <div className={styles.line} key={detail.code}>
            <dt>{t('orderSummary.code', { code: detail.code })}</dt>
            <dd>{t('orderSummary.minus', { amount: detail.amountFormatted })}</dd>
          </div>
        ))}
        <div className={styles.line}>
          <dt>{isIncluded && isTaxKnown ? t('orderSummary.taxIncluded', { label }) : label}</dt>
          <dd>
            {isTaxKnown ? totals.taxAmountFormatted : t('pricing_plusTax', { ns: 'validation' })}
          </dd>
        </div>
        <div className={[styles.line, styles.total].join(' ')}>
          <dt>{t(isPaid ? 'orderSummary.totalPaid' : 'orderSummary.total')}</dt>
          <dd>{totals.totalFormatted}</dd>
        </div>
      </dl>
      {isTaxKnown ? null : <p className={styles.note}>{t('orderSummary.taxLater')}</p>}
    </section>
  );
}

type PaidOrderSummaryProps = {
  /** A receipt's package and figures. */
  receipt: Pick<Receipt, 'packageId' | 'packageDisplayName' | 'subDurationInYears'> &
    OrderSummaryProps['pricing'];
  headingId: string;
};

/** A paid order's summary, read from its receipt (every receipt page shows it beside the payment). */
export function PaidOrderSummary({ receipt, headingId }: PaidOrderSummaryProps) {
  return (
    <OrderSummary
      pkg={{
        id: receipt.packageId,
        displayName: receipt.packageDisplayName,
        subDurationInYears: receipt.subDurationInYears,
      }}
      pricing={receipt}
      headingId={headingId}
      isPaid
    />
  );
}
