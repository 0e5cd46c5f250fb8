import type { ValidationError } from '@coparent/domain';
import { FORM_SUBMISSION_ELEMENT_ID, type FormSubmission } from './form-submission';

// Loaded only by a page the server wrote answering a post (app/start.tsx): the others never pay for it.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isValidationError = (value: unknown): value is ValidationError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.text === 'string';

/** The submission the server wrote in the page, if any. */
export function readWrittenSubmission(doc: Document = document): FormSubmission | undefined {
  const text = doc.getElementById(FORM_SUBMISSION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || typeof parsed.path !== 'string' || !isRecord(parsed.values)) {
      return undefined;
    }
    const values = Object.fromEntries(
      Object.entries(parsed.values).filter((entry): entry is [string, string] => {
        return typeof entry[1] === 'string';
      }),
    );
    const errors = Array.isArray(parsed.errors) ? parsed.errors.filter(isValidationError) : [];
    return {
      path: parsed.path,
      values,
      errors,
      ...(parsed.checked === false ? { checked: false } : {}),
    };
  } catch {
    return undefined;
  }
}
