import { useFormSubmission } from '@/lib/form-submission';

/**
 * The reasons the server gave for refusing a choice posted on `path` without a script (a package
 * not offered, a wait), for the page's error summary: until the tab saves a choice itself.
 */
export function useRefusedChoice(
  path: string,
  { isSaving, hasProblem }: { isSaving: boolean; hasProblem: boolean },
): { message: string }[] {
  const refused = useFormSubmission(path)?.errors ?? [];
  return isSaving || hasProblem ? [] : refused.map((error) => ({ message: error.text }));
}
