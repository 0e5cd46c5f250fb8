import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { supportEmail } from '@/features/invite/support-email';
import { ContactDetails } from '@/features/site-pages/components/contact-details';
import { useSupportPhone } from '@/lib/support-phone';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from '../routes/routes.module.css';

/** The support line for the visitor's country (as the footer shows it) and the support email. */
export function ContactRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('footer.contact'));
  return (
    <div className={styles.content}>
      <PageHeading>{t('footer.contact')}</PageHeading>
      <ContactDetails phone={useSupportPhone()} email={supportEmail()} />
    </div>
  );
}
