import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/features/site-pages/components/content-page';

export function TermsRoute() {
  const { t } = useTranslation();
  return <ContentPage page="terms" title={t('footer.terms')} />;
}
