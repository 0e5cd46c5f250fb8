import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { SupportCall } from './support-call';

type GenericErrorProps = {
  /**
   * The id of the form whose submit failed: the banner offers "Try again", which submits that
   * form again with what is typed in it (nothing typed is lost; e.g. after a 503).
   */
  retryFormId?: string;
};

/** A calm banner for the unexpected (network down, server error): try again, or call support. */
export function GenericError({ retryFormId }: GenericErrorProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" autoHideMs={null}>
      <p>{t('genericErrorMessage', { ns: 'validation' })}</p>
      {retryFormId ? (
        <p>
          <Button variant="secondary" type="submit" form={retryFormId}>
            {t('common.tryAgain')}
          </Button>
        </p>
      ) : null}
      <p>
        <SupportCall />
      </p>
    </AlertBanner>
  );
}
