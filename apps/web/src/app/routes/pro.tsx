import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { SupportCall } from '../../features/join/components/support-call';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './routes.module.css';

/** /pro: professional registration is built in a later issue; for now it is done by phone. */
export function ProRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pro.title'));
  return (
    <div className={styles.content}>
      <PageHeading>{t('pro.title')}</PageHeading>
      <p>
        <SupportCall i18nKey="pro.text" />
      </p>
      <p>
        <Link to="/signup">{t('pro.back')}</Link>
      </p>
    </div>
  );
}
