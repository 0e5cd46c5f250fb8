import { SITE_PAGE_PATHS } from '@coparent/domain';
import type { ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

type NewTabLinkProps = { href: string; newTabText: string; children?: ReactNode };

/** A legal page opens in a new tab, so nothing typed on this page is lost; screen readers hear so. */
function NewTabLink({ href, newTabText, children }: NewTabLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> {newTabText}</VisuallyHidden>
    </a>
  );
}

/**
 * The `terms` and `privacy` links of a RichText consent sentence; `newTabText` ("(opens in a new
 * tab)") is read after each link's text.
 */
export function legalPageLinks(newTabText: string) {
  return {
    terms: <NewTabLink href={SITE_PAGE_PATHS.terms} newTabText={newTabText} />,
    privacy: <NewTabLink href={SITE_PAGE_PATHS.privacy} newTabText={newTabText} />,
  };
}
