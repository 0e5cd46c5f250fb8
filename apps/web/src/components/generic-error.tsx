import { useTranslation } from 'react-i18next';
import { AlertBanner } from './alert-banner';
import { SupportCall } from './support-call';
import { type Retry, TryAgainButton } from './try-again-button';

type GenericErrorProps = {
  /**
   * How the failed submit can be sent again: the banner then offers "Try again" (nothing typed or
   * chosen is lost; e.g. after a 503).
   */
  retry?: Retry;
};

/** A calm banner for the unexpected (network down, server error): try again, or call support. */
export function GenericError({ retry }: GenericErrorProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" action={retry ? <TryAgainButton retry={retry} /> : undefined}>
      <p>{t('genericErrorMessage', { ns: 'validation' })}</p>
      <p>
        <SupportCall />
      </p>
    </AlertBanner>
  );
}
