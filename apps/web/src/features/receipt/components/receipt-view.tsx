import type { Locale, Receipt } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button';
import { RichText } from '../../../components/rich-text';
import { affiliatePixelSrc } from '../affiliate-pixel';
import { APP_STORE_URL, PLAY_STORE_URL } from '../app-stores';
import styles from './receipt.module.css';

type ReceiptViewProps = {
  receipt: Receipt;
  /** The co-parent's email the payment named (null when none was given). */
  coParentEmail: string | null;
  /** The order summary (composed by the route from the packages feature). */
  summary: ReactNode;
  locale: Locale;
  /** The affiliate pixel's base address, when one is configured. */
  pixelBaseUrl?: string;
  accountUrl: string;
};

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

function paymentTypeKey(receipt: Receipt): string {
  return `checkout.methods.${receipt.paymentMethod}`;
}

/**
 * The main flow's receipt (spec 001 §2): three numbered next steps, the order summary and the
 * payment information; the affiliate pixel when one is configured. Shown by the funnel's /receipt
 * and by the account area's receipt page.
 */
export function ReceiptView({
  receipt,
  coParentEmail,
  summary,
  locale,
  pixelBaseUrl,
  accountUrl,
}: ReceiptViewProps) {
  const { t } = useTranslation();
  const date = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    // The receipt's time is GMT (spec 001 §3), and says so.
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(receipt.transactionDateTime));
  const method =
    receipt.cardLastFour && receipt.cardType
      ? t('receipt.card', {
          method: t(paymentTypeKey(receipt)),
          brand: receipt.cardType,
          lastFour: receipt.cardLastFour,
        })
      : t(paymentTypeKey(receipt));

  return (
    <>
      <ol className={styles.steps}>
        <li>
          <h2>{t('receipt.steps.app.title')}</h2>
          <p>{t('receipt.steps.app.text')}</p>
          <ul className={styles.storeLinks}>
            <li>
              <a href={APP_STORE_URL}>{t('receipt.steps.app.appStore')}</a>
            </li>
            <li>
              <a href={PLAY_STORE_URL}>{t('receipt.steps.app.googlePlay')}</a>
            </li>
          </ul>
        </li>
        <li>
          <h2>{t('receipt.steps.email.title')}</h2>
          <p>
            <RichText
              i18nKey="receipt.steps.email.text"
              values={{ email: receipt.email }}
              components={{ strong: <strong /> }}
            />
          </p>
        </li>
        <li>
          <h2>{t('receipt.steps.coParent.title')}</h2>
          <p>
            {coParentEmail ? (
              <RichText
                i18nKey="receipt.steps.coParent.invited"
                values={{ email: coParentEmail }}
                components={{ strong: <strong /> }}
              />
            ) : (
              t('receipt.steps.coParent.noEmail')
            )}
          </p>
          <p>
            {receipt.payForCoParent
              ? t('receipt.steps.coParent.paid')
              : t('receipt.steps.coParent.notPaid')}
          </p>
        </li>
      </ol>

      <div className={styles.columns}>
        {summary}
        <section className={styles.payment} aria-labelledby="receipt-payment-heading">
          <h2 id="receipt-payment-heading">{t('receipt.payment.heading')}</h2>
          <dl>
            <div>
              <dt>{t('receipt.payment.method')}</dt>
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
        </section>
      </div>

      <p>
        <ButtonLink href={accountUrl}>{t('receipt.account')}</ButtonLink>
      </p>

      {pixelBaseUrl && receipt.transactionId ? (
        <img
          className={styles.pixel}
          src={affiliatePixelSrc(
            pixelBaseUrl,
            receipt.transactionId,
            receipt.totals.total,
            receipt.totals.currencyCode,
          )}
          width={1}
          height={1}
          alt=""
          referrerPolicy="no-referrer"
        />
      ) : null}
    </>
  );
}
