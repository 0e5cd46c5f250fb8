import { ACCOUNT_LOGIN_PATH, supportPhoneFor } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import styles from '@/components/credentials/credentials.module.css';
import { RichText } from '@/components/rich-text';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';
import { TitledPage } from '@/components/titled-page';

/**
 * /credentials without the tab that paid (closed, reloaded in another browser) and without the
 * emailed link: where to find the link that finishes the account, never a dead end.
 */
export function EmailedLinkNotice({ country }: { country?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TitledPage title={t('credentials.emailedLink.title')} className={styles.notice}>
      <p>{t('credentials.emailedLink.body')}</p>
      <p>
        <RichText
          i18nKey="credentials.emailedLink.loggedIn"
          // biome-ignore lint/a11y/useAnchorContent: RichText puts the link text inside
          components={{ login: <a href={ACCOUNT_LOGIN_PATH} /> }}
        />
      </p>
      <p>
        <SupportPhoneSentence phone={supportPhoneFor(country)} />
      </p>
    </TitledPage>
  );
}
