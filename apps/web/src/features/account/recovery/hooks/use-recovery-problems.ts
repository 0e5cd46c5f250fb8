import type { ValidationError } from '@coparent/domain';
import { useEffect } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormProblems } from '@/lib/use-form-problems';
import { problemText } from '../components/problem-text';

/**
 * A recovery step's problems (`errorText` words the field messages): its error summary, with the page told whether the summary shows
 * (for the page title). `failCall` shows a call that failed: the server's field errors through
 * `place` (which sets them beside their fields and returns the summary's messages), anything else
 * as the step's problem text.
 */
export function useRecoveryProblems(
  errors: FieldErrors,
  errorText: (error: FieldError) => string | undefined,
  onErrorsChange: (hasErrors: boolean) => void,
) {
  const { t } = useTranslation();
  const problems = useFormProblems(errors, errorText);
  const hasErrors = problems.shownItems.length > 0;
  useEffect(() => onErrorsChange(hasErrors), [onErrorsChange, hasErrors]);

  const failCall = (error: unknown, place: (fieldErrors: ValidationError[]) => string[]) => {
    if (isApiError(error) && error.fieldErrors.length > 0) problems.fail(place(error.fieldErrors));
    else problems.fail([problemText(error, t)]);
  };
  return { ...problems, failCall };
}
