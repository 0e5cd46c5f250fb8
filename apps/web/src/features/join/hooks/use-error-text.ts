import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSupportPhone } from './use-support-phone';

/** Errors set from a server answer carry its already-localised text. */
export const SERVER_ERROR_TYPE = 'server';

/**
 * Turns a field error into the text to show: domain message keys are translated from the
 * `validation` namespace at render time (so a language switch re-translates them); server texts are
 * shown as they came.
 */
export function useErrorText() {
  const { t } = useTranslation();
  const phone = useSupportPhone();
  return useCallback(
    (error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined => {
      if (!error?.message) return undefined;
      if (error.type === SERVER_ERROR_TYPE) return error.message;
      return t(error.message, {
        ns: 'validation',
        phone: phone.display,
        defaultValue: t('common.checkField'),
      });
    },
    [t, phone.display],
  );
}
