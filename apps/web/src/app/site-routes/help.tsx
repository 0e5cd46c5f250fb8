import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/features/site-pages/components/content-page';

export function HelpRoute() {
  const { t } = useTranslation();
  return <ContentPage page="help" title={t('footer.help')} />;
}
