import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';
import { useProSupportPhone } from '../hooks/use-pro-support-phone';

type ProGenericErrorProps = { onRetry?: () => void; onClose?: () => void };

/** The generic error (genericErrorMessage): a failed lookup or step check. */
export function ProGenericError({ onRetry, onClose }: ProGenericErrorProps) {
  const { t } = useTranslation();
  const phone = useProSupportPhone();
  return (
    <AlertBanner
      tone="error"
      onClose={onClose}
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('pro.retry')}
          </Button>
        ) : undefined
      }
    >
      <p>{t('genericErrorMessage', { ns: 'validation' })}</p>
      <p>
        <SupportPhoneSentence phone={phone} />
      </p>
    </AlertBanner>
  );
}
