import { PRO_FORM_ACTION_FIELD, PRO_FORM_UPDATE } from '@coparent/domain';
import { Button } from '@/components/button';

/**
 * Without a script the lists cannot follow an answer as it is chosen: this posts the step as it
 * is, and the server answers it again with the lists of that answer (nothing checked). With a
 * script it is never there: the lists follow at once.
 */
export function UpdateListsButton({ children }: { children: string }) {
  return (
    <noscript>
      <Button
        type="submit"
        variant="secondary"
        name={PRO_FORM_ACTION_FIELD}
        value={PRO_FORM_UPDATE}
      >
        {children}
      </Button>
    </noscript>
  );
}
