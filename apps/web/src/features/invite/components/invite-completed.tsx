import { ACCOUNT_LOGIN_PATH } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '@/components/button';
import { TitledPage } from '@/components/titled-page';
import { resetInviteState } from '../credentials/reset-invite-state';
import styles from './invite.module.css';

/**
 * "You're all set": what every invite screen shows for the link of someone who already has a
 * username and password (the server's token check says the invite is completed). Nothing of the
 * invited flow is offered again; Log in forgets the invite in this tab and opens the login.
 */
export function InviteCompleted() {
  const { t } = useTranslation();
  return (
    <TitledPage title={t('inviteCompleted.title')} className={styles.completed}>
      <p>{t('inviteCompleted.intro')}</p>
      <p>{t('inviteCompleted.next')}</p>
      <p>
        <a href={ACCOUNT_LOGIN_PATH} className={buttonClassName()} onClick={resetInviteState}>
          {t('inviteCompleted.login')}
        </a>
      </p>
      <p>{t('inviteCompleted.forgot')}</p>
    </TitledPage>
  );
}
