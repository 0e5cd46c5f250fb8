import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './routes.module.css';

/** /invite/step1: a placeholder until the invited contact-information form is built. */
export function InviteStepOneRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.stepOne.title'));
  return (
    <div className={styles.content}>
      <PageHeading>{t('invite.stepOne.title')}</PageHeading>
      <p>{t('invite.stepOne.comingSoon')}</p>
    </div>
  );
}
