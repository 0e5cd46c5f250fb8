import { ACCOUNT_HOME_PATH } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { ButtonLink } from '@/components/button';
import { PaidOrderSummary } from '@/components/order-summary';
import { PageHeading } from '@/components/page-heading';
import { affiliatePixelBaseUrl } from '@/components/receipt/affiliate-pixel';
import { ReceiptView } from '@/components/receipt/receipt-view';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { affiliateScriptUrl, useAffiliateScript } from '@/features/receipt/affiliate-script';
import { receiptLoginUrl } from '@/features/receipt/receipt-login-url';
import { wasReceiptReloaded } from '@/features/receipt/receipt-reload';
import { track } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { useFunnelStore } from '@/stores/funnel-store';
import styles from './routes.module.css';

/**
 * /receipt: the payment result kept for the tab. Without one, when the package
 * chosen is not the receipt's, or when the page was reloaded (as the spec's receipt, which lived
 * only in memory, did), the reload message sends the person to log in; its link comes back to
 * this receipt in My Account.
 */
export function ReceiptRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isReload] = useState(wasReceiptReloaded);
  const result = useCheckoutStore((s) => s.result);
  const selectedPackageId = useFunnelStore((s) => s.packageId);
  const isShown = Boolean(
    result && !isReload && selectedPackageId === result.registration.order.packageId,
  );
  useDocumentTitle(isShown ? t('receipt.title') : t('receipt.reloadTitle'));
  useAffiliateScript(
    affiliateScriptUrl(),
    isShown && result?.receipt.transactionId
      ? {
          transactionId: result.receipt.transactionId,
          amountMinor: result.receipt.totals.total,
          currency: result.receipt.totals.currencyCode,
        }
      : undefined,
  );

  useEffect(() => {
    if (isShown && result) {
      track('Receipt Viewed', { packageId: result.receipt.packageId, accountType: 'Parent A' });
    }
  }, [isShown, result]);

  if (!result || !isShown) {
    return (
      <div className={styles.content}>
        <PageHeading>{t('receipt.reloadTitle')}</PageHeading>
        <AlertBanner tone="info">
          <p>{t('receipt.reload')}</p>
        </AlertBanner>
        <p>
          <ButtonLink href={receiptLoginUrl(result?.receipt.receiptId)}>
            {t('common.login')}
          </ButtonLink>
        </p>
      </div>
    );
  }

  const { receipt, registration } = result;
  return (
    <>
      <PageHeading>{t('receipt.title')}</PageHeading>
      <p className={styles.intro}>{t('receipt.intro')}</p>
      <ReceiptView
        receipt={receipt}
        coParentEmail={registration.coParent.email}
        locale={locale}
        pixelBaseUrl={affiliatePixelBaseUrl()}
        accountUrl={ACCOUNT_HOME_PATH}
        summary={<PaidOrderSummary receipt={receipt} headingId="receipt-summary-heading" />}
      />
    </>
  );
}
