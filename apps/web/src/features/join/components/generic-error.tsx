import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../../components/alert-banner';
import { SupportCall } from './support-call';

/** A calm banner for the unexpected (network down, server error): try again, or call support. */
export function GenericError() {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" autoHideMs={null}>
      <p>{t('genericErrorMessage', { ns: 'validation' })}</p>
      <p>
        <SupportCall />
      </p>
    </AlertBanner>
  );
}
