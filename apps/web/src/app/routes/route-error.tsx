import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './routes.module.css';

/** Shown inside the layout when a screen fails to render: calm words, a way back. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('errorPage.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className={styles.content}>
      <PageHeading>{t('errorPage.title')}</PageHeading>
      <p>{t('errorPage.text')}</p>
      <p>
        {/* A full page load gives the app a fresh start. */}
        <a href="/app/join/signup">{t('errorPage.link')}</a>
      </p>
    </div>
  );
}
