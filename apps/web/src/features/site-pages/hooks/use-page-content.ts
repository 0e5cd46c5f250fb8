import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/lib/use-locale';
import { type ContentPage, loadPageContent } from '../content/load-page-content';

/** The page's content file in the current language; switching language loads the other one. */
export function usePageContent(page: ContentPage) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['site-page-content', page, locale],
    queryFn: () => loadPageContent(page, locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
