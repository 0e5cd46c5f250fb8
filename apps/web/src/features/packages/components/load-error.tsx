import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';

type LoadErrorProps = {
  onRetry: () => void;
  isRetrying?: boolean;
  /** Extra help, e.g. the support phone sentence. */
  children?: ReactNode;
};

/** The generic error banner for data that did not load, with "Try again" (it stays when the message hides). */
export function LoadError({ onRetry, isRetrying = false, children }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <AlertBanner
      tone="error"
      action={
        <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
          {t('packages.retry')}
        </Button>
      }
    >
      <p>{t('genericErrorMessage', { ns: 'validation' })}</p>
      {children ? <p>{children}</p> : null}
    </AlertBanner>
  );
}
