import { ACCOUNT_HOME_PATH, ACCOUNT_LOGIN_PATH, type Receipt } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/button';
import { PaidOrderSummary } from '@/components/order-summary';
import { PageHeading } from '@/components/page-heading';
import {
  AppStoreLinks,
  ReceiptOrderAndPayment,
  ReceiptSteps,
} from '@/components/receipt/receipt-parts';
import { accountReceiptPdfUrl } from '@/components/receipt/receipt-pdf-url';
import { RichText } from '@/components/rich-text';
import { Spinner } from '@/components/spinner';
import { resetInviteState } from '@/features/invite/credentials/reset-invite-state';
import { track } from '@/lib/analytics';
import { fullPage } from '@/lib/full-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLocale } from '@/lib/use-locale';
import { readInvitePaymentResult } from '@/stores/invite-payment-result';
import { useWrittenReceipt } from '../hooks/use-written-receipt';
import styles from './invite-receipt.module.css';

/**
 * /invite/receipt: the page the server wrote with the co-parent's own receipt (read with the
 * login their credentials opened), else the tab's: without the invited payment's result, the
 * account home (a full page load); else "You're all set!", where the confirmation email went, the
 * login step with the Login button (which forgets the invited flow in this tab, then opens the
 * account login), the app store links and the order and payment summary.
 */
export function InviteReceiptPage() {
  const written = useWrittenReceipt();
  if (written) return <InviteReceipt receipt={written} email={written.email} isWritten />;
  return <TabInviteReceipt />;
}

function TabInviteReceipt() {
  const [result] = useState(readInvitePaymentResult);

  useEffect(() => {
    if (!result) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [result]);

  if (!result) return <Spinner />;
  return (
    <InviteReceipt
      receipt={result.receipt}
      email={result.receipt.email || result.registration.parent.email}
    />
  );
}

function InviteReceipt({
  receipt,
  email,
  isWritten = false,
}: {
  receipt: Receipt;
  /** Where the confirmation email went. */
  email: string;
  /** A page the server wrote: its Login is a link, which works without a script too. */
  isWritten?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('inviteReceipt.title'));

  useEffect(() => {
    track('Receipt Viewed', { packageId: receipt.packageId, accountType: 'Parent B' });
  }, [receipt.packageId]);

  const logIn = () => {
    resetInviteState();
    fullPage.assign(ACCOUNT_LOGIN_PATH);
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t('inviteReceipt.title')}</PageHeading>
      <p>{t('inviteReceipt.intro')}</p>
      <ReceiptSteps>
        <li>
          <h2>{t('inviteReceipt.steps.email.title')}</h2>
          <p>
            {email ? (
              <RichText
                i18nKey="inviteReceipt.steps.email.text"
                values={{ email }}
                components={{ strong: <strong /> }}
              />
            ) : (
              t('inviteReceipt.steps.email.noEmail')
            )}
          </p>
        </li>
        <li>
          <h2>{t('inviteReceipt.steps.login.title')}</h2>
          <p>{t('inviteReceipt.steps.login.text')}</p>
          {isWritten ? (
            // The link goes as it is; the tab forgets the invited flow on the way.
            <ButtonLink href={ACCOUNT_LOGIN_PATH} onClick={() => resetInviteState()}>
              {t('inviteReceipt.login')}
            </ButtonLink>
          ) : (
            <Button onClick={logIn}>{t('inviteReceipt.login')}</Button>
          )}
        </li>
        <li>
          <h2>{t('inviteReceipt.steps.app.title')}</h2>
          <p>{t('inviteReceipt.steps.app.text')}</p>
          <AppStoreLinks />
        </li>
      </ReceiptSteps>

      <ReceiptOrderAndPayment
        receipt={receipt}
        locale={locale}
        summary={<PaidOrderSummary receipt={receipt} headingId="invite-receipt-summary-heading" />}
        headingId="invite-receipt-payment-heading"
        // Setting credentials signed the co-parent in: the account's download is theirs.
        pdfUrl={receipt.receiptId ? accountReceiptPdfUrl(receipt.receiptId, locale) : undefined}
      />
    </div>
  );
}
