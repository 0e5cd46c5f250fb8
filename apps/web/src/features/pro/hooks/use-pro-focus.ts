import { type RefObject, useEffect, useRef } from 'react';
import { PRO_ERROR_HEADING_ID } from '../components/pro-create-error';
import { type ProPhase, stepOfPhase } from '../pro-machine';

/**
 * Focus follows the flow: the step heading on a new step (or the success heading), the error
 * banner when a submit fails. When a form arrives with server errors, its error summary takes
 * focus instead (the form does that).
 */
export function useProFocus(
  phase: ProPhase,
  heading: RefObject<HTMLHeadingElement | null>,
  hasPendingErrors: boolean,
) {
  const previousPhase = useRef<ProPhase>(phase);
  useEffect(() => {
    const before = previousPhase.current;
    previousPhase.current = phase;
    if (before === phase) return;
    const target =
      phase === 'ERROR'
        ? document.getElementById(PRO_ERROR_HEADING_ID)
        : (stepOfPhase(before) !== stepOfPhase(phase) || phase === 'SUCCESS') && !hasPendingErrors
          ? heading.current
          : null;
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [phase, heading, hasPendingErrors]);
}
