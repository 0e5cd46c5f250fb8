import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FunnelDiscount } from './funnel-discount';
import styles from './layout.module.css';
import { PrefetchNextStep } from './prefetch-next-step';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_ID = 'main-content';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <a
        href={`#${MAIN_ID}`}
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('app.skipLink')}
      </a>
      <SiteHeader />
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        <FunnelDiscount />
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <PrefetchNextStep />
    </div>
  );
}
