import type { ValidationError } from '@coparent/domain';
import type { FieldErrors } from 'react-hook-form';
import type { ErrorSummaryItem } from '@/components/error-summary';
import { fieldId, flattenErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import type { ProStepNumber } from '../pro-machine';
import { fieldOrder } from '../pro-values';
import { useProSupportPhone } from './use-pro-support-phone';

const topLevel = (path: string) => path.split('.')[0] ?? path;

/**
 * One message per field (a list field such as roles reports on the field itself), translated, and
 * the error summary's items in the form's order; server errors no field shows go last.
 */
export function useProFieldErrors(
  step: ProStepNumber,
  errors: FieldErrors,
  unplaced: readonly ValidationError[],
) {
  const phone = useProSupportPhone();
  const errorText = useFieldErrorText(phone.display);
  const byField = new Map<string, string>();
  for (const { path, error } of flattenErrors(errors)) {
    const name = topLevel(path);
    const text = errorText(error);
    if (text && !byField.has(name)) byField.set(name, text);
  }
  const items: ErrorSummaryItem[] = [
    ...[...byField.entries()]
      .sort(([a], [b]) => fieldOrder(step, a) - fieldOrder(step, b))
      .map(([name, message]) => ({ fieldId: fieldId(name), message })),
    ...unplaced.map((error) => ({ message: error.text })),
  ];
  return { errorFor: (name: string) => byField.get(name), items };
}

/** Maps a server field to the form's field when the form shows it now. */
export function visibleFieldFor<T extends string>(
  field: string,
  visible: readonly string[],
): T | undefined {
  const name = topLevel(field);
  return visible.includes(name) ? (name as T) : undefined;
}
