import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Any other path under /app/account. */
export function AccountNotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.notFound.title'));
  return (
    <>
      <PageHeading>{t('account.notFound.title')}</PageHeading>
      <p>{t('account.notFound.text')}</p>
      <p>
        <Link to="/">{t('account.notFound.home')}</Link>
      </p>
    </>
  );
}
