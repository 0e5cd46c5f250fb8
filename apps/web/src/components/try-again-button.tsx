import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * What "Try again" sends after a failed submit (e.g. a 503 while the database is away): the form
 * with this id, submitted again with what is typed in it (through its own checks), or, for a
 * choice made without a form (a package card), the same choice repeated.
 */
export type Retry = { formId: string } | { onRetry: () => void };

/** The "Try again" button of an error banner. */
export function TryAgainButton({ retry }: { retry: Retry }) {
  const { t } = useTranslation();
  return 'formId' in retry ? (
    <Button variant="secondary" type="submit" form={retry.formId}>
      {t('common.tryAgain')}
    </Button>
  ) : (
    <Button variant="secondary" onClick={retry.onRetry}>
      {t('common.tryAgain')}
    </Button>
  );
}
