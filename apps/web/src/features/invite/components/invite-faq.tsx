import { useTranslation } from 'react-i18next';
import styles from './invite.module.css';

const QUESTIONS = ['howItWorks', 'emailAndText', 'easier'] as const;

/** The welcome page's three questions, as native disclosures (keyboard and screen-reader ready). */
export function InviteFaq() {
  const { t } = useTranslation();
  return (
    <section className={styles.faq} aria-labelledby="invite-faq-heading">
      <h2 id="invite-faq-heading">{t('invite.faq.heading')}</h2>
      {QUESTIONS.map((key) => (
        <details key={key}>
          <summary>{t(`invite.faq.${key}.question`)}</summary>
          <p>{t(`invite.faq.${key}.answer`)}</p>
        </details>
      ))}
    </section>
  );
}
