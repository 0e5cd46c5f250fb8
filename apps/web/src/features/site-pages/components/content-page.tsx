import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { ContentPage as ContentPageName } from '../content/load-page-content';
import { usePageContent } from '../hooks/use-page-content';
import { MarkdownContent } from '../markdown/markdown-content';

type ContentPageProps = { page: ContentPageName; title: string };

/** A page whose text is a content file (terms, privacy, help), under the app's own h1. */
export function ContentPage({ page, title }: ContentPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const content = usePageContent(page);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {content.isPending ? <Spinner label={t('sitePages.loading')} /> : null}
      {content.isError ? (
        <div role="alert">
          <p>{t('sitePages.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void content.refetch()}>
            {t('sitePages.tryAgain')}
          </Button>
        </div>
      ) : null}
      {content.isSuccess ? <MarkdownContent source={content.data} /> : null}
    </>
  );
}
