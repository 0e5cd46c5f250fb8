import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_SET_SECONDS, AllSet } from '@/components/credentials/all-set';

type CredentialsSuccessProps = {
  /** Where the person goes after CREDENTIALS_REDIRECT_DELAY_MS (5 seconds). */
  to: string;
  onRedirect: () => void;
  /**
   * `receipt` (a route of this app, the tab that paid) or `account` (a full page load, for the
   * emailed link: this browser has no receipt to show).
   */
  destination?: 'receipt' | 'account';
};

/** Parent A's "You're all set!": on to the receipt, or to the account for the emailed link. */
export function CredentialsSuccess({
  to,
  onRedirect,
  destination = 'receipt',
}: CredentialsSuccessProps) {
  const { t } = useTranslation();
  const isReceipt = destination === 'receipt';
  return (
    <AllSet
      title={t('credentials.success.title')}
      status={
        isReceipt
          ? t('credentials.success.redirect', { count: ALL_SET_SECONDS })
          : t('credentials.success.redirectAccount', { count: ALL_SET_SECONDS })
      }
      link={
        isReceipt ? (
          <Link to={to}>{t('credentials.success.goNow')}</Link>
        ) : (
          <a href={to}>{t('credentials.success.goNowAccount')}</a>
        )
      }
      onRedirect={onRedirect}
    />
  );
}
