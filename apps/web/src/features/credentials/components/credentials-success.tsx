import { CREDENTIALS_REDIRECT_DELAY_MS } from '@coparent/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '@/components/credentials/credentials.module.css';

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

/**
 * "You're all set!": the next page opens after five seconds, which is said and
 * announced, with a link to go now.
 */
export function CredentialsSuccess({
  to,
  onRedirect,
  destination = 'receipt',
}: CredentialsSuccessProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onRedirectRef = useRef(onRedirect);
  onRedirectRef.current = onRedirect;
  const seconds = Math.round(CREDENTIALS_REDIRECT_DELAY_MS / 1000);

  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(() => onRedirectRef.current(), CREDENTIALS_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className={styles.success}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('credentials.success.title')}
      </h1>
      {destination === 'receipt' ? (
        <>
          <p role="status">{t('credentials.success.redirect', { count: seconds })}</p>
          <p>
            <Link to={to}>{t('credentials.success.goNow')}</Link>
          </p>
        </>
      ) : (
        <>
          <p role="status">{t('credentials.success.redirectAccount', { count: seconds })}</p>
          <p>
            <a href={to}>{t('credentials.success.goNowAccount')}</a>
          </p>
        </>
      )}
    </div>
  );
}
