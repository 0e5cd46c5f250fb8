import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from 'react-router';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer';

const MAIN_ID = 'main-content';

/**
 * What every app's pages stand in: the skip link (it moves focus to the main content, which a
 * plain anchor would not in a single-page app), the header, the main content, the footer.
 */
export function PageFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
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
      {header}
      <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
