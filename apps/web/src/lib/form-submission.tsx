import type { ValidationError } from '@coparent/domain';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * A form a browser posted to the server without a script, answered with its page again: what was
 * sent, field by field, and the server's refusals (already in the visitor's language). The form's
 * own schema finds the rest from the values, on the server and in the browser alike.
 */
export type FormSubmission = {
  /** The join path of the form's page, e.g. '/step1'. */
  path: string;
  values: Record<string, string>;
  errors: ValidationError[];
  /** False when the page only shows the values again (a row added or removed): no problems. */
  checked?: boolean;
};

/** The element the server writes the submission in, for the app to take over the same page. */
export const FORM_SUBMISSION_ELEMENT_ID = 'form-submission';

const FormSubmissionContext = createContext<FormSubmission | undefined>(undefined);

export function FormSubmissionProvider({
  submission,
  children,
}: {
  submission: FormSubmission | undefined;
  children: ReactNode;
}) {
  return <FormSubmissionContext value={submission}>{children}</FormSubmissionContext>;
}

/** The submission the page answers, when it is the one of the form on `path`. */
export function useFormSubmission(path: string): FormSubmission | undefined {
  const submission = useContext(FormSubmissionContext);
  return submission?.path === path ? submission : undefined;
}
