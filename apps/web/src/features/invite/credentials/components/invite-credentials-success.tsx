import { CREDENTIALS_REDIRECT_DELAY_MS } from '@coparent/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './invite-credentials.module.css';

type InviteCredentialsSuccessProps =
  /** After the invited payment: /invite/receipt (in the app). */
  | { next: 'receipt'; onRedirect: () => void }
  /** The subscription was already paid: the account home (a full page load). */
  | { next: 'account'; href: string; onRedirect: () => void };

/**
 * "You're all set!": the heading takes focus; the next page opens after five
 * seconds, which is said and announced, with a link to go now.
 */
export function InviteCredentialsSuccess(props: InviteCredentialsSuccessProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('inviteCredentials.success.title'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onRedirectRef = useRef(props.onRedirect);
  onRedirectRef.current = props.onRedirect;
  const seconds = Math.round(CREDENTIALS_REDIRECT_DELAY_MS / 1000);

  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(() => onRedirectRef.current(), CREDENTIALS_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className={styles.success}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('inviteCredentials.success.title')}
      </h1>
      <p role="status">
        {props.next === 'receipt'
          ? t('inviteCredentials.success.toReceipt', { count: seconds })
          : t('inviteCredentials.success.toAccount', { count: seconds })}
      </p>
      <p>
        {props.next === 'receipt' ? (
          <Link to="/invite/receipt">{t('inviteCredentials.success.receiptNow')}</Link>
        ) : (
          <a
            href={props.href}
            onClick={(event) => {
              event.preventDefault();
              props.onRedirect();
            }}
          >
            {t('inviteCredentials.success.accountNow')}
          </a>
        )}
      </p>
    </div>
  );
}
