import type { ValidationError } from '@coparent/domain';
import { useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ErrorSummaryItem } from '../components/error-summary';
import { applyServerErrors, fieldId, flattenErrors } from './form-errors';

type SummarisedSubmitResult = { fieldErrors?: readonly ValidationError[] } | undefined;

type SummarisedSubmitOptions<TInput extends FieldValues, TOutput> = {
  onSubmit: (values: TOutput) => Promise<SummarisedSubmitResult>;
  /** Server field → form field, or undefined when no field shows it (it goes to the summary). */
  fieldFor: (field: string) => Path<TInput> | undefined;
  errorText: (error: FieldError | undefined) => string | undefined;
  /** The summary's line for a field's message (e.g. naming which child it is about). */
  summaryText?: (path: string, message: string) => string;
  /** The server's problems no field shows, of a submission the page answers. */
  firstUnplaced?: readonly ValidationError[];
};

/**
 * The error-summary half of a form (the GOV.UK pattern): every problem, the domain's and the
 * server's, listed with a link to its field in the order the form reports them, and the summary
 * taking focus again after each failed submit (`focusKey` changes).
 */
export function useSummarisedSubmit<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  {
    onSubmit,
    fieldFor,
    errorText,
    summaryText,
    firstUnplaced = [],
  }: SummarisedSubmitOptions<TInput, TOutput>,
) {
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<readonly ValidationError[]>(firstUnplaced);
  const items: ErrorSummaryItem[] = [
    ...flattenErrors(form.formState.errors).map(({ path, error }) => ({
      fieldId: fieldId(path),
      message: summaryText ? summaryText(path, errorText(error) ?? '') : (errorText(error) ?? ''),
    })),
    ...unplaced.map((error) => ({ message: error.text })),
  ];

  const submit = form.handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, form.setError, fieldFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  return { summary: { items, focusKey }, submit };
}
