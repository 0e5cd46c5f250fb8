import { useState } from 'react';
import { useHydrated } from './use-hydrated';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isField = (element: Element): element is FieldElement =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement;

/** A field the person has changed since the page was written (its value is not the HTML's). */
function isChanged(field: FieldElement): boolean {
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
    return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/** A form's fields as its HTML holds them now (what a post would send), and those changed. */
function fieldsOf(form: HTMLFormElement): { values: Record<string, string>; changed: Set<string> } {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value;
  }
  const changed = new Set<string>();
  for (const element of form.elements) {
    if (isField(element) && element.name && isChanged(element)) changed.add(element.name);
  }
  return { values, changed };
}

/** The draft's fields the person has not changed (a form whose fields are the draft's keys). */
function draftOfUnchangedFields<T extends object>(
  draft: T,
  changed: ReadonlySet<string>,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(draft).filter(([name]) => !changed.has(name)),
  ) as Partial<T>;
}

type FormStart<T> = {
  /** What the form starts with. */
  values: T | undefined;
  /** The kept draft, for the fields the person has not changed, once the app has the page. */
  draftForUnchangedFields: Partial<T> | undefined;
};

/**
 * What a form starts with. On a page the browser renders: the kept draft. On a page the server
 * wrote: on the server, the values it wrote the page with (a submission it answers, or the saved
 * answers); in the browser taking it over, what the fields hold at that moment (never wiping what
 * the person typed before the script arrived), then the tab's draft, newer than anything saved,
 * for the fields not changed since. A submission the page answers keeps its values as they are.
 */
export function useFormStart<T extends object>({
  formId,
  serverValues,
  isSubmission,
  storedDraft,
  fromFields,
  draftForUnchanged = draftOfUnchangedFields,
}: {
  formId: string;
  /** What the server wrote the form with: a submission it answers, or the saved answers. */
  serverValues: T | undefined;
  isSubmission: boolean;
  storedDraft: () => T | undefined;
  fromFields: (fields: Record<string, string>) => T;
  /** What of the draft goes into the form, given the fields changed (by name) before then. */
  draftForUnchanged?: (draft: T, changed: ReadonlySet<string>) => Partial<T> | undefined;
}): FormStart<T> {
  const isHydrated = useHydrated();
  const [start] = useState((): FormStart<T> => {
    if (isHydrated) return { values: storedDraft(), draftForUnchangedFields: undefined };
    // On the server there is no document (nor its element classes).
    const form = typeof document === 'undefined' ? undefined : document.getElementById(formId);
    if (form === undefined || !(form instanceof HTMLFormElement)) {
      return { values: serverValues, draftForUnchangedFields: undefined };
    }
    const { values, changed } = fieldsOf(form);
    const draft = isSubmission ? undefined : storedDraft();
    const unchanged = draft ? draftForUnchanged(draft, changed) : undefined;
    return { values: fromFields(values), draftForUnchangedFields: unchanged };
  });
  return start;
}
