import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading';

/** Placeholder until its [F7] work lands. */
export function CasesRoute() {
  const { t } = useTranslation();
  return <PageHeading>{t('account.loading')}</PageHeading>;
}
