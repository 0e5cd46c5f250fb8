import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * Hands every change of a form's values to `onDraftChange`, so what was typed is kept (a draft
 * survives a reload). The values are partial while the form is filled in, as a draft is.
 */
export function useDraftSync<TValues extends FieldValues, TDraft>(
  watch: UseFormWatch<TValues>,
  onDraftChange: (draft: TDraft) => void,
) {
  useEffect(() => {
    const subscription = watch((values) => onDraftChange(values as TDraft));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);
}
