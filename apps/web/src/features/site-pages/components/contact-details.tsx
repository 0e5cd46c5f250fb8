import { SUPPORT_PHONE_LINES, type SupportPhone } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { RichText } from '@/components/rich-text';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';
import styles from './contact-details.module.css';

type ContactDetailsProps = {
  /** The line for the visitor's country. */
  phone: SupportPhone;
  email: string;
};

export function ContactDetails({ phone, email }: ContactDetailsProps) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('sitePages.contact.intro')}</p>
      <section aria-labelledby="contact-phone" className={styles.section}>
        <h2 id="contact-phone" className={styles.heading}>
          {t('sitePages.contact.phoneHeading')}
        </h2>
        <p className={styles.main}>
          <SupportPhoneSentence phone={phone} i18nKey="sitePages.contact.phone" />
        </p>
        <h3 className={styles.subheading}>{t('sitePages.contact.otherCountries')}</h3>
        <ul className={styles.lines}>
          {/* Every line as its own country's callers dial it (the domain's list). */}
          {SUPPORT_PHONE_LINES.map(({ country, phone: line }) => (
            <li key={country}>
              {t(`sitePages.contact.regions.${country}`)}:{' '}
              <a href={`tel:${line.tel}`}>{line.display}</a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="contact-email" className={styles.section}>
        <h2 id="contact-email" className={styles.heading}>
          {t('sitePages.contact.emailHeading')}
        </h2>
        <p className={styles.main}>
          <RichText
            i18nKey="sitePages.contact.email"
            values={{ email }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: RichText puts the address inside
              email: <a href={`mailto:${email}`} />,
            }}
          />
        </p>
        <p>{t('sitePages.contact.emailAdvice')}</p>
      </section>
    </>
  );
}
