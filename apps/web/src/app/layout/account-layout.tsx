import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { AccountHeaderActions } from '@/features/account/components/account-header-actions';
import { BrandLogo } from './brand-logo';
import styles from './layout.module.css';
import { PageFrame } from './page-frame';
import { SiteHeader } from './site-header';

/** The account area's frame: the funnel's look, a header with the account's own actions. */
export function AccountLayout() {
  const { t } = useTranslation();
  const homeLink = (
    <Link to="/" className={styles.brand} aria-label={t('account.homeLink')}>
      <BrandLogo />
    </Link>
  );
  return (
    <PageFrame header={<SiteHeader homeLink={homeLink} actions={<AccountHeaderActions />} />}>
      <Outlet />
    </PageFrame>
  );
}
