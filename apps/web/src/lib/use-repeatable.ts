import { useRef } from 'react';

/**
 * Wraps an action so that its last call can be made again with the same arguments: "Try again"
 * for a choice that has no form to submit again (a package card, an upgrade button).
 */
export function useRepeatable<A extends unknown[], R>(action: (...args: A) => R) {
  const last = useRef<A | null>(null);
  const run = (...args: A): R => {
    last.current = args;
    return action(...args);
  };
  const repeat = () => {
    if (last.current) void action(...last.current);
  };
  return { run, repeat };
}
