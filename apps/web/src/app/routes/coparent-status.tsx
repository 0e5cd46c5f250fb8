import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { SupportCall } from '@/components/support-call';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

const PANEL_ID = 'coparent-has-account';

/** /coparentstatus: No → /step1; Yes → where to find the invitation, support and log in. */
export function CoParentStatusRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('coParentStatus.title'));
  const navigate = useNavigate();
  const [hasAccount, setHasAccount] = useState(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (hasAccount) panelHeading.current?.focus();
  }, [hasAccount]);

  return (
    <div className={styles.content}>
      <PageHeading>{t('coParentStatus.title')}</PageHeading>
      <p className={styles.intro}>{t('coParentStatus.intro')}</p>
      <div className={styles.actions}>
        <Button onClick={() => navigate('/step1')}>{t('coParentStatus.no')}</Button>
        <Button
          variant="secondary"
          aria-expanded={hasAccount}
          aria-controls={PANEL_ID}
          onClick={() => setHasAccount(true)}
        >
          {t('coParentStatus.yes')}
        </Button>
      </div>
      <section
        id={PANEL_ID}
        hidden={!hasAccount}
        className={styles.panel}
        aria-labelledby={`${PANEL_ID}-heading`}
      >
        <h2 id={`${PANEL_ID}-heading`} ref={panelHeading} tabIndex={-1}>
          {t('coParentStatus.checkEmailHeading')}
        </h2>
        <p>{t('coParentStatus.checkEmailText')}</p>
        <p>{t('coParentStatus.spamHint')}</p>
        <p>
          <SupportCall />
        </p>
        <p>{t('coParentStatus.loginText')}</p>
        <ButtonLink href={LOGIN_URL}>{t('common.login')}</ButtonLink>
      </section>
    </div>
  );
}
