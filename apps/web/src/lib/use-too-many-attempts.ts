import { useCallback, useEffect, useState } from 'react';
import { isApiError } from './api-client';

/** When a 429 names no wait: a minute, the window of the server's per-minute limits. */
const DEFAULT_WAIT_SECONDS = 60;

type Wait = { seconds: number; since: number };

/**
 * A call the server refused as too many attempts (429): how long it asked to wait (its
 * `Retry-After`), until that time is up, when the wait ends on its own and the form's button
 * works again. `noteRefusal(error)` starts the wait for a 429 and says whether it was one.
 */
export function useTooManyAttempts() {
  const [wait, setWait] = useState<Wait>();

  useEffect(() => {
    if (!wait) return;
    const left = wait.since + wait.seconds * 1000 - Date.now();
    const timer = setTimeout(() => setWait(undefined), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [wait]);

  const noteRefusal = useCallback((error: unknown): boolean => {
    if (!isApiError(error) || error.status !== 429) return false;
    setWait({ seconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS, since: Date.now() });
    return true;
  }, []);

  return {
    /** The seconds the server asked to wait, while the wait lasts. */
    waitSeconds: wait?.seconds,
    isWaiting: wait !== undefined,
    noteRefusal,
  };
}
