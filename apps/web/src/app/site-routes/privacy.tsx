import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/features/site-pages/components/content-page';

export function PrivacyRoute() {
  const { t } = useTranslation();
  return <ContentPage page="privacy" title={t('footer.privacy')} />;
}
