import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

/** The server's reason for a refusal (a 409 at `form`), or the generic failure. */
export function useChangeErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    isApiError(error) && error.fieldErrors[0]
      ? error.fieldErrors[0].text
      : t('accountSubscription.error');
}
