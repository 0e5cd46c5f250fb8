import { ACCOUNT_HOME_PATH, ACCOUNT_LOGIN_PATH, type Locale } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { PageHeading } from '../../../../components/page-heading';
import { RichText } from '../../../../components/rich-text';
import { Spinner } from '../../../../components/spinner';
import { track } from '../../../../lib/analytics';
import { fullPage } from '../../../../lib/full-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useLocale } from '../../../../lib/use-locale';
import { OrderSummary } from '../../../packages/components/order-summary';
import { APP_STORE_URL, PLAY_STORE_URL } from '../../../receipt/app-stores';
import { resetInviteState } from '../../credentials/reset-invite-state';
import { type InvitePaymentResult, readInvitePaymentResult } from '../../invite-payment-result';
import styles from './invite-receipt.module.css';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

/**
 * /invite/receipt (spec 001 §2, §4 "Invite receipt"): without the invited payment's result, the
 * account home (a full page load); else "You're all set!", where the confirmation email went, the
 * login step with the Login button (which forgets the invited flow in this tab, then opens the
 * account login), the app store links and the order and payment summary.
 */
export function InviteReceiptPage() {
  const [result] = useState(readInvitePaymentResult);

  useEffect(() => {
    if (!result) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [result]);

  if (!result) return <Spinner />;
  return <InviteReceipt result={result} />;
}

function InviteReceipt({ result }: { result: InvitePaymentResult }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(t('inviteReceipt.title'));
  const { receipt } = result;
  const email = receipt.email || result.registration.parent.email;

  useEffect(() => {
    track('Receipt Viewed', { packageId: receipt.packageId, accountType: 'Parent B' });
  }, [receipt.packageId]);

  const logIn = () => {
    resetInviteState();
    fullPage.assign(ACCOUNT_LOGIN_PATH);
  };

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
  const methodName = t(`checkout.methods.${receipt.paymentMethod}`);
  const method =
    receipt.cardLastFour && receipt.cardType
      ? t('inviteReceipt.payment.card', {
          method: methodName,
          brand: receipt.cardType,
          lastFour: receipt.cardLastFour,
        })
      : methodName;

  return (
    <div className={styles.page}>
      <PageHeading>{t('inviteReceipt.title')}</PageHeading>
      <p>{t('inviteReceipt.intro')}</p>
      <ol className={styles.steps}>
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
          <Button onClick={logIn}>{t('inviteReceipt.login')}</Button>
        </li>
        <li>
          <h2>{t('inviteReceipt.steps.app.title')}</h2>
          <p>{t('inviteReceipt.steps.app.text')}</p>
          <ul className={styles.storeLinks}>
            <li>
              <a href={APP_STORE_URL}>{t('inviteReceipt.steps.app.appStore')}</a>
            </li>
            <li>
              <a href={PLAY_STORE_URL}>{t('inviteReceipt.steps.app.googlePlay')}</a>
            </li>
          </ul>
        </li>
      </ol>

      <div className={styles.columns}>
        <OrderSummary
          pkg={{
            id: receipt.packageId,
            displayName: receipt.packageDisplayName,
            subDurationInYears: receipt.subDurationInYears,
          }}
          pricing={receipt}
          headingId="invite-receipt-summary-heading"
          isPaid
        />
        <section className={styles.payment} aria-labelledby="invite-receipt-payment-heading">
          <h2 id="invite-receipt-payment-heading">{t('inviteReceipt.payment.heading')}</h2>
          <dl>
            <div>
              <dt>{t('inviteReceipt.payment.method')}</dt>
              <dd>{method}</dd>
            </div>
            <div>
              <dt>{t('inviteReceipt.payment.transactionId')}</dt>
              <dd>{receipt.transactionId ?? t('inviteReceipt.payment.noCharge')}</dd>
            </div>
            <div>
              <dt>{t('inviteReceipt.payment.date')}</dt>
              <dd>{date}</dd>
            </div>
            <div>
              <dt>{t('inviteReceipt.payment.amount')}</dt>
              <dd>{receipt.totals.totalFormatted}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
