import { supportPhoneFor, type ValidationError } from '@coparent/domain';
import { useEffect, useState } from 'react';
import type { DefaultValues, FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import { applyServerErrors, errorSummaryItems } from '@/lib/form-errors';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { ErrorSummaryItem } from './error-summary';

type BillingAddressFormOptions<TInput extends FieldValues, TOutput> = {
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
  /** Every change of what is typed (kept for the tab). */
  onDraftChange: (values: Partial<TInput>) => void;
  onSubmit: (values: TOutput) => Promise<{ fieldErrors?: ValidationError[] } | undefined>;
  /** Server field → form field, or undefined when no field shows it (it goes to the summary). */
  fieldFor: (field: string) => Path<TInput> | undefined;
  /** Tells the page whether the form shows problems (for the page title). */
  onErrorsChange: (hasErrors: boolean) => void;
  /** The problems a posted form is answered with (its page written by the server). */
  firstProblems?: { errors: FieldErrors<TInput>; unplaced: ValidationError[] };
};

/**
 * What every billing address form shares (the checkout's Billing view, the account's billing
 * page; the fields are BillingAddressFields under `billing`): checked with the domain's rules on
 * submit, every change kept as a draft, messages with the chosen country's support phone, the
 * error summary in page order taking focus after each failed submit, and the server's field
 * errors beside their fields.
 */
export function useBillingAddressForm<TInput extends FieldValues, TOutput>({
  resolver,
  defaultValues,
  onDraftChange,
  onSubmit,
  fieldFor,
  onErrorsChange,
  firstProblems,
}: BillingAddressFormOptions<TInput, TOutput>) {
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>(firstProblems?.unplaced ?? []);
  const form = useSummaryForm<TInput, TOutput>(
    resolver,
    defaultValues,
    'onSubmit',
    firstProblems?.errors,
  );
  const { formState, watch, handleSubmit, setError } = form;

  useDraftSync(watch, onDraftChange);

  const country = watch('billing.country' as Path<TInput>) as string | undefined;
  const errorText = useFieldErrorText(supportPhoneFor(country).display);

  const items: ErrorSummaryItem[] = errorSummaryItems(
    formState.errors,
    errorText,
    unplaced.map((error) => error.text),
  );
  const hasErrors = items.length > 0;
  useEffect(() => onErrorsChange(hasErrors), [hasErrors, onErrorsChange]);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, fieldFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  return { form, errorText, items, focusKey, submit };
}
