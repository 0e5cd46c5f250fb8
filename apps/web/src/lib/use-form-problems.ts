import { useState } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';
import { errorSummaryItems } from './form-errors';

/**
 * The error summary of a form that calls the server itself: its field errors, then the messages of
 * the last failed submit that no field shows; the summary shows only once a submit has failed, and
 * takes focus again after each failed submit (`focusKey` changes).
 */
export function useFormProblems(
  errors: FieldErrors,
  errorText: (error: FieldError) => string | undefined,
  /** The messages no field shows of a submission the page answers: the summary shows at once. */
  firstMessages?: readonly string[],
) {
  const [focusKey, setFocusKey] = useState(0);
  const [messages, setMessages] = useState<readonly string[]>(firstMessages ?? []);
  const items = errorSummaryItems(errors, errorText, messages);
  const shownItems = focusKey > 0 || firstMessages ? items : [];
  return {
    focusKey,
    /** What the summary shows (nothing before the first failed submit). */
    shownItems,
    /** The summary's items and focus key, as a form hands them to its `SummarisedForm`. */
    summary: { items: shownItems, focusKey },
    /** A submit starts: the last one's messages go. */
    clear: () => setMessages([]),
    /** A submit failed: these messages join the field errors and the summary takes focus. */
    fail: (failedMessages: readonly string[] = []) => {
      setMessages(failedMessages);
      setFocusKey((key) => key + 1);
    },
  };
}
