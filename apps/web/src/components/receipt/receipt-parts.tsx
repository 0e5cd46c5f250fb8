import { codesCoveringOrder, type Locale, type Receipt } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_STORE_URL, PLAY_STORE_URL } from './app-stores';
import styles from './receipt.module.css';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

type ReceiptOrderAndPaymentProps = {
  receipt: Receipt;
  locale: Locale;
  /** The order summary (the shared OrderSummary, composed by the route). */
  summary: ReactNode;
  headingId: string;
  /** Where the receipt downloads as a PDF; no link when absent. */
  pdfUrl?: string | undefined;
};

/**
 * The order summary beside the payment information (method, transaction, date, amount) and the
 * PDF download: the same on Parent A's receipt, the account's receipt page and the invited
 * co-parent's receipt.
 */
export function ReceiptOrderAndPayment({
  receipt,
  locale,
  summary,
  headingId,
  pdfUrl,
}: ReceiptOrderAndPaymentProps) {
  const { t } = useTranslation();
  const date = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    // The receipt's time is GMT, and says so.
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(receipt.transactionDateTime));
  const methodName = t(`checkout.methods.${receipt.paymentMethod}`);
  // Nothing was charged: the codes paid, not a card.
  const coveringCodes = codesCoveringOrder(receipt);
  const method =
    coveringCodes.length > 0
      ? t('receipt.payment.coveredBy', {
          count: coveringCodes.length,
          codes: coveringCodes.join(', '),
        })
      : receipt.cardLastFour && receipt.cardType
        ? t('receipt.card', {
            method: methodName,
            brand: receipt.cardType,
            lastFour: receipt.cardLastFour,
          })
        : methodName;

  return (
    <div className={styles.columns}>
      {summary}
      <section className={styles.payment} aria-labelledby={headingId}>
        <h2 id={headingId}>{t('receipt.payment.heading')}</h2>
        <dl>
          <div>
            <dt>
              {coveringCodes.length > 0
                ? t('receipt.payment.coveredLabel')
                : t('receipt.payment.method')}
            </dt>
            <dd>{method}</dd>
          </div>
          <div>
            <dt>{t('receipt.payment.transactionId')}</dt>
            <dd>{receipt.transactionId ?? t('receipt.payment.noCharge')}</dd>
          </div>
          <div>
            <dt>{t('receipt.payment.date')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('receipt.payment.amount')}</dt>
            <dd>{receipt.totals.totalFormatted}</dd>
          </div>
        </dl>
        {pdfUrl ? (
          <p className={styles.download}>
            {/* A plain link: it works before the app has taken a server-written page over. */}
            <a href={pdfUrl} download>
              {t('receipt.downloadPdf')}
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** The app's two store links, shown in the receipts' "Download the app" step. */
export function AppStoreLinks() {
  const { t } = useTranslation();
  return (
    <ul className={styles.storeLinks}>
      <li>
        <a href={APP_STORE_URL}>{t('receipt.steps.app.appStore')}</a>
      </li>
      <li>
        <a href={PLAY_STORE_URL}>{t('receipt.steps.app.googlePlay')}</a>
      </li>
    </ul>
  );
}

/** The receipts' numbered next steps (each child an `<li>` with an `<h2>`). */
export function ReceiptSteps({ children }: { children: ReactNode }) {
  return <ol className={styles.steps}>{children}</ol>;
}
