import type { EvaluationContext, EvaluationContextValue } from '@openfeature/web-sdk';
import type { FlagConnection } from './openfeature';

// The browser's flag source: the OpenFeature web SDK with the OFREP provider (./openfeature.ts).
// Nothing waits for it: the SDK loads after the first render, and until the server's first answer
// every flag reads its default (experiments Off, restrictions false); a later answer re-renders
// the readers.

/** Context changes closer together than this (typing an email) make one request. */
const CONTEXT_DEBOUNCE_MS = 250;

const listeners = new Set<() => void>();
let started = false;
let context: EvaluationContext = {};
let timer: ReturnType<typeof setTimeout> | undefined;
let connection: FlagConnection | undefined;
/** Bumped by a reset, so an SDK that finishes loading after it does not start. */
let generation = 0;

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Loads the SDK and starts the OFREP provider with this context (once; later calls do nothing).
 * Called on the first render: the SDK's chunk and the first request go out beside the first
 * screen's own loading, never before it.
 */
export function startFlagClient(initial: EvaluationContext): void {
  if (started) return;
  started = true;
  context = initial;
  const current = generation;
  import('./openfeature').then(
    ({ connectFlags }) => {
      // The context as it is now: it may have changed while the SDK loaded.
      if (current === generation) connection = connectFlags(context, notify);
    },
    () => {
      // The chunk did not load (offline, a new deployment): every flag keeps its default.
    },
  );
}

/**
 * Merges these attributes into the context (undefined removes one); the provider asks again once
 * they settle.
 */
export function updateFlagContext(
  changes: Record<string, EvaluationContextValue | undefined>,
): void {
  const next: EvaluationContext = {};
  for (const [key, value] of Object.entries({ ...context, ...changes })) {
    if (value !== undefined) next[key] = value;
  }
  if (JSON.stringify(next) === JSON.stringify(context)) return;
  context = next;
  if (!started) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    void connection?.setContext(context);
  }, CONTEXT_DEBOUNCE_MS);
}

/** For useSyncExternalStore: called whenever the provider's answers may have changed. */
export function subscribeToFlags(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The provider's value, or the default while it has none (not loaded, failed, no such flag). */
export function remoteString(key: string, defaultValue: string): string {
  return connection?.stringValue(key, defaultValue) ?? defaultValue;
}

export function remoteBoolean(key: string, defaultValue: boolean): boolean {
  return connection?.booleanValue(key, defaultValue) ?? defaultValue;
}

/** Tests: stop the provider and forget the context. */
export async function resetFlagClient(): Promise<void> {
  clearTimeout(timer);
  generation += 1;
  started = false;
  context = {};
  const closing = connection;
  connection = undefined;
  await closing?.close();
  notify();
}
