import { formatPhoneNumber } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FamilyMemberList } from '@/components/family-member-list';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountLoadError } from '../components/account-load-error';
import { useLoginRedirect } from '../session/require-login';
import styles from './account-home.module.css';
import { CoParentStatusCard } from './coparent-status-card';
import { CoParentTextCard } from './coparent-text-card';
import { useAccountHome } from './get-account-home';
import { ReceiptList } from './receipt-list';
import { SubscriptionCard } from './subscription-card';

/**
 * The account home (/app/account/): a greeting, the family, the subscription and the receipts
 * of a parent, first of all the co-parent's invitation text when it did not reach them, then
 * where the co-parent stands (invited, joined, not reached) with the invitation by email again; a
 * professional's home leads to My Cases. Logged out: the login page first.
 */
export function AccountHomePage() {
  const { t } = useTranslation();
  const home = useAccountHome();
  const isRedirecting = useLoginRedirect(home.error);
  const [resentTo, setResentTo] = useState<string | null>(null);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);
  useDocumentTitle(t('accountHome.title'));

  if (home.isPending || isRedirecting) return <Spinner label={t('account.loading')} />;
  if (home.isError) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('accountHome.title')}</PageHeading>
        <AccountLoadError onRetry={() => void home.refetch()} />
      </div>
    );
  }

  const { user, family, subscription, receipts, coParentText, coParentStatus } = home.data;
  const isProfessional = user.kind === 'PROFESSIONAL';
  // Said on the page, and to screen readers by the status region, once the invitation went again.
  const sentMessage = resentTo
    ? t('accountHome.coParentText.sent', {
        number: formatPhoneNumber(resentTo, { international: true }),
      })
    : emailedTo
      ? t('accountHome.coParentStatus.sent', { email: emailedTo })
      : '';
  return (
    <div className={styles.page}>
      {/* One grid row: the status region adds no gap while it is empty. */}
      <div>
        <PageHeading caption={t('accountHome.title')}>
          {t('accountHome.greeting', { name: user.firstName })}
        </PageHeading>
        <div role="status">{sentMessage ? <p className={styles.sent}>{sentMessage}</p> : null}</div>
      </div>
      {coParentText?.problem ? (
        <CoParentTextCard
          state={coParentText}
          onSent={(number) => {
            setEmailedTo(null);
            setResentTo(number);
          }}
        />
      ) : null}
      {coParentStatus ? (
        <CoParentStatusCard
          status={coParentStatus}
          onSent={(email) => {
            setResentTo(null);
            setEmailedTo(email);
          }}
        />
      ) : null}
      {family ? (
        <section className={styles.card} aria-labelledby="family-heading">
          <h2 id="family-heading">{t('accountHome.family.heading')}</h2>
          <FamilyMemberList members={family.members} youLabel={t('accountHome.family.you')} />
        </section>
      ) : null}
      {isProfessional ? (
        <p>{t('accountHome.professional')}</p>
      ) : (
        <SubscriptionCard subscription={subscription} />
      )}
      {!isProfessional || receipts.length > 0 ? <ReceiptList receipts={receipts} /> : null}
      <nav className={styles.card} aria-labelledby="account-links-heading">
        <h2 id="account-links-heading">{t('accountHome.links.heading')}</h2>
        <ul className={styles.links}>
          {isProfessional ? (
            <li>
              <Link to="/cases">{t('accountHome.links.cases')}</Link>
            </li>
          ) : (
            <li>
              <Link to="/billing">{t('accountHome.links.billing')}</Link>
            </li>
          )}
          <li>
            <Link to="/email">{t('accountEmail.homeLink')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
