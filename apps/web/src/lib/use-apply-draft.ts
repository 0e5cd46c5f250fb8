import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Puts the kept draft in the fields it is for, once the app has taken over a page the server
 * wrote (`useFormStart`'s `draftForUnchangedFields`: the fields the person has not changed).
 */
export function useApplyDraft<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  draft: Partial<Record<string, unknown>> | undefined,
): void {
  useEffect(() => {
    if (!draft) return;
    for (const [name, value] of Object.entries(draft)) {
      if (value !== undefined) {
        form.setValue(name as Path<TInput>, value as PathValue<TInput, Path<TInput>>);
      }
    }
  }, [form, draft]);
}
