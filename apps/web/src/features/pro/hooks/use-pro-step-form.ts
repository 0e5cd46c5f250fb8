import type { ValidationError } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { applyServerErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { ProStepNumber } from '../pro-machine';
import { useProFieldErrors, visibleFieldFor } from './use-pro-field-errors';
import type { ProSubmitResult } from './use-pro-registration';

/** What every step's form gets from the route. */
export type ProStepFormProps<TDraft, TOutput> = {
  /** The page title for this step ("Error: " is added while it shows problems). */
  documentTitle: string;
  /** A banner above the form reports a problem (the title says so too). */
  hasPageError?: boolean;
  draft: TDraft | undefined;
  onDraftChange: (draft: TDraft) => void;
  onSubmit: (values: TOutput) => Promise<ProSubmitResult>;
  isSubmitting: boolean;
  /** Server errors to show when the form appears (a create answer about this step). */
  serverErrors?: readonly ValidationError[];
};

type ProStepFormOptions<TInput extends FieldValues, TOutput, TDraft> = Omit<
  ProStepFormProps<TDraft, TOutput>,
  'draft'
> & {
  step: ProStepNumber;
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
  /** The fields the form shows now: a server error about any other goes to the summary. */
  visibleFields: () => readonly string[];
};

/**
 * What the three professional steps share (each passes the route's props through): the form checked with the domain's schema on submit,
 * every change kept as a draft, the server's 409 texts beside their fields (or in the summary when
 * no field shows them), and the error summary taking focus after each failed submit.
 */
export function useProStepForm<TInput extends FieldValues, TOutput, TDraft>({
  step,
  resolver,
  defaultValues,
  documentTitle,
  hasPageError = false,
  onDraftChange,
  onSubmit,
  isSubmitting,
  visibleFields,
  serverErrors,
}: ProStepFormOptions<TInput, TOutput, TDraft>) {
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const form = useSummaryForm<TInput, TOutput>(resolver, defaultValues, 'onSubmit');
  const { watch, setError, handleSubmit, formState } = form;
  const { errorFor, items } = useProFieldErrors(step, formState.errors, unplaced);
  useDocumentTitle(documentTitle, items.length > 0 || hasPageError);

  useDraftSync(watch, onDraftChange);

  const showServerErrors = (errors: readonly ValidationError[]) => {
    const visible = visibleFields();
    setUnplaced(
      applyServerErrors(errors, setError, (field) => visibleFieldFor<Path<TInput>>(field, visible)),
    );
    setFocusKey((key) => key + 1);
  };

  const initialErrors = useRef(serverErrors);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the errors it appeared with
  useEffect(() => {
    if (initialErrors.current?.length) showServerErrors(initialErrors.current);
    initialErrors.current = undefined;
  }, []);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) showServerErrors(result.fieldErrors);
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  /** A field's id, message and registration: its id is its name, as the summary's links expect. */
  const fieldProps = (name: Path<TInput>) => ({
    id: name,
    error: errorFor(name),
    ...form.register(name),
  });

  /** What the step's ProStepFormFrame needs from the form. */
  const frameProps = { onSubmit: submit, isSubmitting, items, focusKey };

  return { form, errorFor, fieldProps, frameProps };
}
