import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';

/** When a form checks its fields. */
const CHECKING = {
  /** Only when it is sent. */
  onSubmit: { mode: 'onSubmit', reValidateMode: 'onSubmit' },
  /** When it is sent, then as a field with a problem changes. */
  onSubmitThenChange: { mode: 'onSubmit', reValidateMode: 'onChange' },
  /** As each field is left, then as it changes. */
  onLeave: { mode: 'onTouched', reValidateMode: 'onChange' },
} as const satisfies Record<string, Pick<UseFormProps, 'mode' | 'reValidateMode'>>;

/**
 * A form with an error summary: after a failed submit the summary takes the focus, so the first
 * field with a problem does not. `firstErrors` (the problems of a submission the page answers) show
 * from the first render; keep the object the same from render to render.
 */
export function useSummaryForm<TInput extends FieldValues, TOutput = TInput>(
  resolver: Resolver<TInput, unknown, TOutput>,
  defaultValues: DefaultValues<TInput>,
  checking: keyof typeof CHECKING,
  firstErrors?: FieldErrors<TInput>,
) {
  return useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues,
    ...CHECKING[checking],
    shouldFocusError: false,
    ...(firstErrors ? { errors: firstErrors } : {}),
  });
}
