import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets "<title> – <product>", prefixed with "Error: " while the page shows an error summary. */
export function useDocumentTitle(title: string, hasErrors = false): void {
  const { t } = useTranslation();
  const product = t('app.productName');
  const prefix = hasErrors ? t('common.errorTitlePrefix') : '';
  useEffect(() => {
    document.title = `${prefix}${title} – ${product}`;
  }, [prefix, title, product]);
}
