import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './routes.module.css';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={styles.content}>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/signup">{t('notFound.link')}</Link>
      </p>
    </div>
  );
}
