import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHeading } from './page-heading';

type TitledPageProps = { title: string; className?: string | undefined; children: ReactNode };

/** A page whose one title names both the browser tab and the page's heading. */
export function TitledPage({ title, className, children }: TitledPageProps) {
  useDocumentTitle(title);
  return (
    <div className={className}>
      <PageHeading>{title}</PageHeading>
      {children}
    </div>
  );
}
