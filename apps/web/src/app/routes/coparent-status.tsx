import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { SupportCall } from '@/components/support-call';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { JOIN_BASENAME } from '../join-path';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

const PANEL_ID = 'coparent-has-account';
/** `?answer=has-account`: "Yes" sent as a form, on a page that runs no script. */
const ANSWER_PARAM = 'answer';
const HAS_ACCOUNT = 'has-account';

/**
 * /coparentstatus: No → /step1; Yes → where to find the invitation, support and log in. Each answer
 * is a form, so the page works before (or without) its script: No opens /step1, Yes opens this
 * page again with the panel shown.
 */
export function CoParentStatusRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('coParentStatus.title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [hasAccount, setHasAccount] = useState(
    () => searchParams.get(ANSWER_PARAM) === HAS_ACCOUNT,
  );
  const panelHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (hasAccount) panelHeading.current?.focus();
  }, [hasAccount]);

  return (
    <div className={styles.content}>
      <PageHeading>{t('coParentStatus.title')}</PageHeading>
      <p className={styles.intro}>{t('coParentStatus.intro')}</p>
      <div className={styles.actions}>
        <form
          method="get"
          action={`${JOIN_BASENAME}/step1`}
          onSubmit={(event) => {
            event.preventDefault();
            navigate('/step1');
          }}
        >
          <Button type="submit">{t('coParentStatus.no')}</Button>
        </form>
        <form
          method="get"
          action={`#${PANEL_ID}`}
          onSubmit={(event) => {
            event.preventDefault();
            setHasAccount(true);
          }}
        >
          <input type="hidden" name={ANSWER_PARAM} value={HAS_ACCOUNT} />
          <Button
            type="submit"
            variant="secondary"
            aria-expanded={hasAccount}
            aria-controls={PANEL_ID}
          >
            {t('coParentStatus.yes')}
          </Button>
        </form>
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
