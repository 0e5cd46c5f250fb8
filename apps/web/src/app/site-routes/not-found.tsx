import { SITE_PAGE_PATHS } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { TitledPage } from '@/components/titled-page';
import styles from '../routes/routes.module.css';

/** Any page the site does not have (the server answers it with status 404). */
export function SiteNotFoundRoute() {
  const { t } = useTranslation();
  return (
    <TitledPage title={t('sitePages.notFound.title')} className={styles.content}>
      <p>{t('sitePages.notFound.text')}</p>
      <ul>
        <li>
          {/* The signup is another app: a full page load. */}
          <a href="/app/join/signup">{t('sitePages.notFound.home')}</a>
        </li>
        <li>
          <a href={SITE_PAGE_PATHS.help}>{t('sitePages.notFound.help')}</a>
        </li>
      </ul>
    </TitledPage>
  );
}
