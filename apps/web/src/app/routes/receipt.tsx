import { ACCOUNT_HOME_PATH } from '@coparent/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/alert-banner';
import { ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { useCheckoutStore } from '../../features/checkout/checkout-store';
import { useFunnelStore } from '../../features/join/funnel-store';
import { OrderSummary } from '../../features/packages/components/order-summary';
import { affiliatePixelBaseUrl } from '../../features/receipt/affiliate-pixel';
import { ReceiptView } from '../../features/receipt/components/receipt-view';
import { track } from '../../lib/analytics';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLocale } from '../../lib/use-locale';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

/**
 * /receipt (spec 001 §2): the payment result kept for the tab. Without one, or when the package
 * chosen is not the receipt's, the reload message sends the person to My Account.
 */
export function ReceiptRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const result = useCheckoutStore((s) => s.result);
  const selectedPackageId = useFunnelStore((s) => s.packageId);
  const isShown = Boolean(result && selectedPackageId === result.registration.order.packageId);
  useDocumentTitle(isShown ? t('receipt.title') : t('receipt.reloadTitle'));

  useEffect(() => {
    if (isShown && result) {
      track('Receipt Viewed', { packageId: result.receipt.packageId, accountType: 'Parent A' });
    }
  }, [isShown, result]);

  if (!result || !isShown) {
    return (
      <div className={styles.content}>
        <PageHeading>{t('receipt.reloadTitle')}</PageHeading>
        <AlertBanner tone="info" autoHideMs={null}>
          <p>{t('receipt.reload')}</p>
        </AlertBanner>
        <p>
          <ButtonLink href={LOGIN_URL}>{t('common.login')}</ButtonLink>
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
        registration={registration}
        locale={locale}
        pixelBaseUrl={affiliatePixelBaseUrl()}
        accountUrl={ACCOUNT_HOME_PATH}
        summary={
          <OrderSummary
            pkg={{
              id: receipt.packageId,
              displayName: receipt.packageDisplayName,
              subDurationInYears: receipt.subDurationInYears,
            }}
            pricing={receipt}
            headingId="receipt-summary-heading"
            isPaid
          />
        }
      />
    </>
  );
}
