import { useState } from 'react';
import { useHydrated } from './use-hydrated';

/** A form's fields as its HTML holds them now: what a post would send. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

type FormStart<T> = {
  /** What the form starts with. */
  values: T | undefined;
  /** The kept draft, for the fields still empty once the app has taken the page over. */
  draftForEmptyFields: T | undefined;
};

/**
 * What a form starts with. On a page the browser renders: the kept draft. On a page the server
 * rendered: on the server, the submission it answers (if any); in the browser taking it over, what
 * the fields hold at that moment (the server's values, or what the person typed before the script
 * arrived: never wiped), then the kept draft for the fields still empty.
 */
export function useFormStart<T>({
  formId,
  submitted,
  storedDraft,
  fromFields,
}: {
  formId: string;
  submitted: Record<string, string> | undefined;
  storedDraft: () => T | undefined;
  fromFields: (fields: Record<string, string>) => T;
}): FormStart<T> {
  const isHydrated = useHydrated();
  const [start] = useState((): FormStart<T> => {
    if (isHydrated) return { values: storedDraft(), draftForEmptyFields: undefined };
    const submittedValues = submitted ? fromFields(submitted) : undefined;
    if (typeof document === 'undefined') {
      return { values: submittedValues, draftForEmptyFields: undefined };
    }
    const form = document.getElementById(formId);
    return {
      values: form instanceof HTMLFormElement ? fromFields(fieldsOf(form)) : submittedValues,
      draftForEmptyFields: submitted ? undefined : storedDraft(),
    };
  });
  return start;
}
