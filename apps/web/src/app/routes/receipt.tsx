import { ACCOUNT_HOME_PATH, type Receipt, type SignupState } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { ButtonLink } from '@/components/button';
import { PaidOrderSummary } from '@/components/order-summary';
import { PageHeading } from '@/components/page-heading';
import { affiliatePixelBaseUrl } from '@/components/receipt/affiliate-pixel';
import { ReceiptView } from '@/components/receipt/receipt-view';
import { Spinner } from '@/components/spinner';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { affiliateScriptUrl, useAffiliateScript } from '@/features/receipt/affiliate-script';
import { signupReceiptQueryOptions } from '@/features/receipt/api/get-signup-receipt';
import { signupReceiptPdfUrl } from '@/features/receipt/api/signup-receipt-pdf';
import { receiptLoginUrl } from '@/features/receipt/receipt-login-url';
import { wasReceiptReloaded } from '@/features/receipt/receipt-reload';
import { track } from '@/lib/analytics';
import { useServerSignup } from '@/lib/server-signup';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { useLocale } from '@/lib/use-locale';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { useFunnelStore } from '@/stores/funnel-store';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** Where the conversion is counted: now, only by a browser without a script, or not here. */
type Conversion = 'counted' | 'withoutScript' | 'none';

/**
 * /receipt. The server writes it with the paid signup its cookie names and the signup's receipt
 * for that signup's owner (logged in by setting the credentials) or a browser that posted the
 * funnel's forms, with a script or without; otherwise it is the tab's (`TabReceipt`).
 */
export function ReceiptRoute() {
  const serverSignup = useServerSignup();
  // Read once: the page stays the server's receipt after the app has taken it over.
  const [written] = useState(() => (serverSignup?.paid ? serverSignup : undefined));
  const isHydrated = useHydrated();
  if (written) return <SignupReceipt signup={written} />;
  // The server writes this page only with the paid signup; the tab's page is the browser's.
  if (!isHydrated) return <Spinner />;
  return <TabReceipt />;
}

/** The receipt of the paid signup the page was written with (its answer is the page's). */
function SignupReceipt({ signup }: { signup: SignupState }) {
  const { data: receipt } = useQuery(signupReceiptQueryOptions(signup.signupId));
  if (!receipt) return <Spinner />;
  return (
    <PaidReceipt
      receipt={receipt}
      coParentEmail={signup.coParent?.email ?? null}
      signupId={signup.signupId}
      isWritten
    />
  );
}

/**
 * The payment result kept for the tab. Without one, when the package
 * chosen is not the receipt's, or when the page was reloaded (as the spec's receipt, which lived
 * only in memory, did), the reload message sends the person to log in; its link comes back to
 * this receipt in My Account.
 */
function TabReceipt() {
  const { t } = useTranslation();
  const [isReload] = useState(wasReceiptReloaded);
  const result = useCheckoutStore((s) => s.result);
  const selectedPackageId = useFunnelStore((s) => s.packageId);
  const signupId = useFunnelStore((s) => s.signupId);
  const isShown = Boolean(
    result && !isReload && selectedPackageId === result.registration.order.packageId,
  );
  useDocumentTitle(t('receipt.reloadTitle'), false, !isShown);

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
  return (
    <PaidReceipt
      receipt={result.receipt}
      coParentEmail={result.registration.coParent.email}
      signupId={signupId}
    />
  );
}

/**
 * The receipt of a payment: the account activated, the next steps, the order and the payment,
 * and its PDF (downloaded with the signup's cookie, as the receipt call is authorised). The
 * conversion (the affiliate pixel and script, the Receipt Viewed event) counts the payment once:
 * on the receipt that follows it, never on a reload (where the tab's receipt was the reload
 * message). A page the server wrote (`isWritten`) holds the pixel for a browser without a script;
 * with one, the app adds it once it has the page and knows how the page was loaded.
 */
function PaidReceipt({
  receipt,
  coParentEmail,
  signupId,
  isWritten = false,
}: {
  receipt: Receipt;
  coParentEmail: string | null;
  signupId: string | undefined;
  isWritten?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isHydrated = useHydrated();
  const [isReload] = useState(wasReceiptReloaded);
  const conversion: Conversion = !isWritten
    ? 'counted'
    : !isHydrated
      ? 'withoutScript'
      : isReload
        ? 'none'
        : 'counted';
  useDocumentTitle(t('receipt.title'));
  useAffiliateScript(
    affiliateScriptUrl(),
    conversion === 'counted' && receipt.transactionId
      ? {
          transactionId: receipt.transactionId,
          amountMinor: receipt.totals.total,
          currency: receipt.totals.currencyCode,
        }
      : undefined,
  );

  const isCounted = conversion === 'counted';
  useEffect(() => {
    if (isCounted) {
      track('Receipt Viewed', { packageId: receipt.packageId, accountType: 'Parent A' });
    }
  }, [receipt, isCounted]);

  return (
    <>
      <PageHeading>{t('receipt.title')}</PageHeading>
      <p className={styles.intro}>{t('receipt.intro')}</p>
      <ReceiptView
        receipt={receipt}
        coParentEmail={coParentEmail}
        locale={locale}
        pixelBaseUrl={conversion === 'none' ? undefined : affiliatePixelBaseUrl()}
        pixelWithoutScriptOnly={conversion === 'withoutScript'}
        accountUrl={ACCOUNT_HOME_PATH}
        pdfUrl={signupId ? signupReceiptPdfUrl(signupId, locale) : undefined}
        summary={<PaidOrderSummary receipt={receipt} headingId="receipt-summary-heading" />}
      />
    </>
  );
}
