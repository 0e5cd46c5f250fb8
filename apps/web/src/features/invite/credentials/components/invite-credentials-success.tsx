import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_SET_SECONDS, AllSet } from '@/components/credentials/all-set';
import { useDocumentTitle } from '@/lib/use-document-title';

type InviteCredentialsSuccessProps =
  /** After the invited payment: /invite/receipt (in the app). */
  | { next: 'receipt'; onRedirect: () => void }
  /** The subscription was already paid: the account home (a full page load). */
  | { next: 'account'; href: string; onRedirect: () => void };

/** The invited co-parent's "You're all set!": on to the invite receipt, or to the account. */
export function InviteCredentialsSuccess(props: InviteCredentialsSuccessProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('inviteCredentials.success.title'));
  return (
    <AllSet
      title={t('inviteCredentials.success.title')}
      status={
        props.next === 'receipt'
          ? t('inviteCredentials.success.toReceipt', { count: ALL_SET_SECONDS })
          : t('inviteCredentials.success.toAccount', { count: ALL_SET_SECONDS })
      }
      link={
        props.next === 'receipt' ? (
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
        )
      }
      onRedirect={props.onRedirect}
    />
  );
}
