import { ACCOUNT_HOME_PATH } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaidOrderSummary } from '@/components/order-summary';
import { PageHeading } from '@/components/page-heading';
import { accountReceiptPdfUrl } from '@/components/receipt/receipt-pdf-url';
import { ReceiptView } from '@/components/receipt/receipt-view';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { AccountLoadError } from '../components/account-load-error';
import { useLoginRedirect } from '../session/require-login';
import { useAccountReceipt } from './get-account-receipt';
import styles from './receipt-detail.module.css';

/**
 * /app/account/receipts/:receiptId: the receipt as the funnel's /receipt showed it (without the
 * affiliate pixel, which counts a purchase once). Not the user's, or unknown: a friendly 404.
 */
export function ReceiptDetailPage({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receipt = useAccountReceipt(receiptId);
  const isRedirecting = useLoginRedirect(receipt.error);
  const isNotFound = isApiError(receipt.error) && receipt.error.status === 404;
  useDocumentTitle(
    isNotFound ? t('accountHome.receipt.notFoundTitle') : t('accountHome.receipt.title'),
  );

  if (receipt.isPending || isRedirecting) return <Spinner label={t('account.loading')} />;
  const backLink = (
    <p>
      <Link to="/">{t('accountHome.receipt.back')}</Link>
    </p>
  );
  if (isNotFound) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('accountHome.receipt.notFoundTitle')}</PageHeading>
        <p>{t('accountHome.receipt.notFoundText')}</p>
        {backLink}
      </div>
    );
  }
  if (receipt.isError) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('accountHome.receipt.title')}</PageHeading>
        <AccountLoadError onRetry={() => void receipt.refetch()} />
        {backLink}
      </div>
    );
  }

  const data = receipt.data;
  return (
    <>
      {backLink}
      <PageHeading>{t('accountHome.receipt.title')}</PageHeading>
      <p className={styles.intro}>{t('accountHome.receipt.intro')}</p>
      <ReceiptView
        receipt={data}
        coParentEmail={data.coParentEmail}
        locale={locale}
        accountUrl={ACCOUNT_HOME_PATH}
        pdfUrl={accountReceiptPdfUrl(receiptId, locale)}
        summary={<PaidOrderSummary receipt={data} headingId="receipt-summary-heading" />}
      />
    </>
  );
}
