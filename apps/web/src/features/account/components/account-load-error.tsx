import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

/** An account page whose data did not load: said, with Try again. */
export function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert">{t('account.loadError')}</p>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          {t('account.tryAgain')}
        </Button>
      </p>
    </>
  );
}
