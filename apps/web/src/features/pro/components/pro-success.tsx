import { formatPhoneNumber, type ProfessionalUser } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { RichText } from '@/components/rich-text';
import styles from './pro.module.css';

/** The account area's login page (another app: a full page load), where My Cases lives. */
const PRO_LOGIN_URL = '/app/account/login';

function fullName(user: ProfessionalUser): string {
  const name = [user.title?.name, user.name.firstName, user.name.lastName]
    .filter(Boolean)
    .join(' ');
  return user.credentials ? `${name}, ${user.credentials}` : name;
}

/** SUCCESS: a summary of the created professional and the three next steps. */
export function ProSuccess({ user }: { user: ProfessionalUser }) {
  const { t } = useTranslation();
  const phone = formatPhoneNumber(user.phone.number, {
    dialCode: user.phone.dialCode,
    international: true,
  });
  return (
    <>
      <p>{t('pro.success.intro')}</p>
      <section aria-labelledby="pro-success-details">
        <h3 id="pro-success-details">{t('pro.success.detailsHeading')}</h3>
        <dl className={styles.details}>
          <dt>{t('pro.success.name')}</dt>
          <dd>{fullName(user)}</dd>
          <dt>{t('pro.success.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('pro.success.practice')}</dt>
          <dd>{user.practiceName}</dd>
          <dt>{t('pro.success.phone')}</dt>
          <dd>
            {user.phone.extension
              ? `${phone} ${t('pro.success.extension', { extension: user.phone.extension })}`
              : phone}
          </dd>
          <dt>{t('pro.success.roles')}</dt>
          <dd>
            <ul>
              {user.roles.map((role) => (
                <li key={role.id}>{role.name}</li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="pro-success-next">
        <h3 id="pro-success-next">{t('pro.success.nextHeading')}</h3>
        <ol className={styles.nextSteps} aria-labelledby="pro-success-next">
          <li>
            <h4>{t('pro.success.next1Title')}</h4>
            <p>{t('pro.success.next1Text', { email: user.email })}</p>
          </li>
          <li>
            <h4>{t('pro.success.next2Title')}</h4>
            <p>
              <RichText
                i18nKey="pro.success.next2Text"
                // biome-ignore lint/a11y/useAnchorContent: RichText puts the text inside
                components={{ login: <a href={PRO_LOGIN_URL} /> }}
              />
            </p>
          </li>
          <li>
            <h4>{t('pro.success.next3Title')}</h4>
            <p>{t('pro.success.next3Text')}</p>
          </li>
        </ol>
      </section>
    </>
  );
}
