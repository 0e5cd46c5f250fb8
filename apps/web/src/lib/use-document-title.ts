import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerHead } from '@/server/server-head';

/**
 * Sets "<title> – <product>", prefixed with "Error: " while the page shows an error summary.
 * `isEnabled` false leaves the title to a component inside (e.g. a page with its own views).
 * Set during the commit, not after it, so the title never lags behind the page it names.
 */
export function useDocumentTitle(title: string, hasErrors = false, isEnabled = true): void {
  const { t } = useTranslation();
  const product = t('app.productName');
  const prefix = hasErrors ? t('common.errorTitlePrefix') : '';
  // On the server there is no commit: the title goes into the document the server writes.
  const serverHead = useServerHead();
  if (serverHead && isEnabled) serverHead.title = `${prefix}${title} – ${product}`;
  useLayoutEffect(() => {
    if (isEnabled) document.title = `${prefix}${title} – ${product}`;
  }, [prefix, title, product, isEnabled]);
}
