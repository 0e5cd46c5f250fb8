import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR_TYPE } from './form-errors';

/**
 * Turns a field error into the text to show: domain message keys are translated from the
 * `validation` namespace at render time (so a language switch re-translates them); server texts are
 * shown as they came. `phone` fills the messages that name the support phone.
 */
export function useFieldErrorText(phone: string) {
  const { t } = useTranslation();
  return useCallback(
    (error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined => {
      if (!error?.message) return undefined;
      if (error.type === SERVER_ERROR_TYPE) return error.message;
      return t(error.message, {
        ns: 'validation',
        phone,
        defaultValue: t('common.checkField'),
      });
    },
    [t, phone],
  );
}
