import type { Locale, Receipt } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button';
import { RichText } from '@/components/rich-text';
import { affiliatePixelSrc } from './affiliate-pixel';
import styles from './receipt.module.css';
import { AppStoreLinks, ReceiptOrderAndPayment, ReceiptSteps } from './receipt-parts';

type ReceiptViewProps = {
  receipt: Receipt;
  /** The co-parent's email the payment named (null when none was given). */
  coParentEmail: string | null;
  /** The order summary (the shared OrderSummary, composed by the route). */
  summary: ReactNode;
  locale: Locale;
  /** The affiliate pixel's base address, when one is configured. */
  pixelBaseUrl?: string | undefined;
  /** The pixel for a browser without a script only (`<noscript>`): the app decides otherwise. */
  pixelWithoutScriptOnly?: boolean;
  accountUrl: string;
  /** Where the receipt downloads as a PDF. */
  pdfUrl?: string | undefined;
};

/**
 * The main flow's receipt: three numbered next steps, the order summary and the
 * payment information; the affiliate pixel when one is configured. Shown by the funnel's /receipt
 * and by the account area's receipt page.
 */
export function ReceiptView({
  receipt,
  coParentEmail,
  summary,
  locale,
  pixelBaseUrl,
  pixelWithoutScriptOnly = false,
  accountUrl,
  pdfUrl,
}: ReceiptViewProps) {
  const { t } = useTranslation();
  const pixel =
    pixelBaseUrl && receipt.transactionId ? (
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
    ) : null;
  return (
    <>
      <ReceiptSteps>
        <li>
          <h2>{t('receipt.steps.app.title')}</h2>
          <p>{t('receipt.steps.app.text')}</p>
          <AppStoreLinks />
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
      </ReceiptSteps>

      <ReceiptOrderAndPayment
        receipt={receipt}
        locale={locale}
        summary={summary}
        headingId="receipt-payment-heading"
        pdfUrl={pdfUrl}
      />

      <p>
        <ButtonLink href={accountUrl}>{t('receipt.account')}</ButtonLink>
      </p>

      {pixel && pixelWithoutScriptOnly ? <noscript>{pixel}</noscript> : pixel}
    </>
  );
}
