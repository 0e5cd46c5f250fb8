import { useTranslation } from 'react-i18next';
import { TitledPage } from '@/components/titled-page';
import { supportEmail } from '@/features/invite/support-email';
import { ContactDetails } from '@/features/site-pages/components/contact-details';
import { useSupportPhone } from '@/lib/support-phone';
import styles from '../routes/routes.module.css';

/** The support line for the visitor's country (as the footer shows it) and the support email. */
export function ContactRoute() {
  const { t } = useTranslation();
  return (
    <TitledPage title={t('footer.contact')} className={styles.content}>
      <ContactDetails phone={useSupportPhone()} email={supportEmail()} />
    </TitledPage>
  );
}
