import { PRO_STEP_FIELDS, type ValidationError } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { applyServerErrors, submittedFormErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useFormStart } from '@/lib/use-form-start';
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
  /**
   * The page answers this step posted as a form (no script): its problems show from the first
   * render, and the form posts to the server again rather than being the app's.
   */
  isPosted?: boolean;
  /** What the form posts besides its fields (see ProStepFormFrame). */
  hiddenFields: Readonly<Record<string, string | readonly string[]>>;
};

type ProStepFormOptions<TInput extends FieldValues, TOutput, TDraft> = ProStepFormProps<
  TDraft,
  TOutput
> & {
  step: ProStepNumber;
  /** The form's id: on a page the server wrote, its fields are read from it at hydration. */
  formId: string;
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: (draft: TDraft | undefined) => DefaultValues<TInput>;
  /** The form's fields as the page holds them → the draft. */
  fromFields: (fields: Record<string, string>) => TDraft;
  /** The fields the form shows now: a server error about any other goes to the summary. */
  visibleFields: () => readonly string[];
};

/** Nothing of the schema's own: a posted step's problems all come from the server, as text. */
const NO_SCHEMA = { safeParse: () => ({ success: true }) };

/**
 * What the three professional steps share (each passes the route's props through): the form checked with the domain's schema on submit,
 * every change kept as a draft, the server's 409 texts beside their fields (or in the summary when
 * no field shows them), and the error summary taking focus after each failed submit.
 */
export function useProStepForm<TInput extends FieldValues, TOutput, TDraft>({
  step,
  formId,
  resolver,
  defaultValues,
  fromFields,
  draft,
  isPosted = false,
  hiddenFields,
  documentTitle,
  hasPageError = false,
  onDraftChange,
  onSubmit,
  isSubmitting,
  visibleFields,
  serverErrors,
}: ProStepFormOptions<TInput, TOutput, TDraft>) {
  const start = useFormStart<TDraft & object>({
    formId,
    serverValues: draft as (TDraft & object) | undefined,
    isSubmission: isPosted,
    storedDraft: () => draft as (TDraft & object) | undefined,
    fromFields: fromFields as (fields: Record<string, string>) => TDraft & object,
  });
  const [firstProblems] = useState(() =>
    isPosted && serverErrors?.length
      ? // The server names only the fields its answer's page shows (the chosen referral's).
        submittedFormErrors<TInput>(NO_SCHEMA, {}, serverErrors, (field) =>
          visibleFieldFor<Path<TInput>>(field, PRO_STEP_FIELDS[step]),
        )
      : undefined,
  );
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>(firstProblems?.unplaced ?? []);
  const form = useSummaryForm<TInput, TOutput>(
    resolver,
    defaultValues(start.values),
    'onSubmit',
    firstProblems?.errors as FieldErrors<TInput> | undefined,
  );
  const { watch, setError, handleSubmit, formState } = form;
  const { errorFor, items } = useProFieldErrors(step, formState.errors, unplaced);
  useDocumentTitle(documentTitle, items.length > 0 || hasPageError);

  useDraftSync(watch, onDraftChange);

  // The tab's draft, for the fields not changed before the app took the page over.
  useEffect(() => {
    for (const [name, value] of Object.entries(start.draftForUnchangedFields ?? {})) {
      if (value !== undefined) form.setValue(name as Path<TInput>, value as never);
    }
  }, [form, start.draftForUnchangedFields]);

  const showServerErrors = (errors: readonly ValidationError[]) => {
    const visible = visibleFields();
    setUnplaced(
      applyServerErrors(errors, setError, (field) => visibleFieldFor<Path<TInput>>(field, visible)),
    );
    setFocusKey((key) => key + 1);
  };

  const initialErrors = useRef(isPosted ? undefined : serverErrors);
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

  /** A field's first value, written in the page's HTML (the server has no refs to fill). */
  const defaultFor = (name: Path<TInput>) =>
    get(formState.defaultValues, name) as string | undefined;

  /** A field's id, message and registration: its id is its name, as the summary's links expect. */
  const fieldProps = (name: Path<TInput>) => ({
    id: name,
    error: errorFor(name),
    defaultValue: defaultFor(name),
    ...form.register(name),
  });

  /** What the step's ProStepFormFrame needs from the form (a posted step posts itself again). */
  const frameProps = {
    id: formId,
    hiddenFields,
    onSubmit: isPosted ? undefined : submit,
    isSubmitting,
    items,
    focusKey,
  };

  return { form, errorFor, defaultFor, fieldProps, frameProps };
}
