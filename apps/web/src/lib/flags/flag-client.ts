import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import {
  type EvaluationContext,
  type EvaluationContextValue,
  OpenFeature,
  ProviderEvents,
} from '@openfeature/web-sdk';

// The browser's flag source: the OpenFeature web SDK with the OFREP web provider, which asks the
// server for every flag at once (POST /ofrep/v1/evaluate/flags) and then answers synchronously
// from that answer. Nothing waits for it: until the first answer every flag reads its default
// (experiments Off, restrictions false), and a later answer re-renders the readers.

/** Context changes closer together than this (typing an email) make one request. */
const CONTEXT_DEBOUNCE_MS = 250;
/** Events after which a flag may read differently. */
const CHANGE_EVENTS = [
  ProviderEvents.Ready,
  ProviderEvents.ConfigurationChanged,
  ProviderEvents.ContextChanged,
  ProviderEvents.Error,
] as const;

const client = OpenFeature.getClient();
const listeners = new Set<() => void>();
let version = 0;
let started = false;
let context: EvaluationContext = {};
let timer: ReturnType<typeof setTimeout> | undefined;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function sameContext(a: EvaluationContext, b: EvaluationContext): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Starts the OFREP provider with this context (once; later calls do nothing). The first request
 * goes out at once, beside the first screen's own loading, never before it.
 */
export function startFlagClient(initial: EvaluationContext): void {
  if (started) return;
  started = true;
  context = initial;
  for (const event of CHANGE_EVENTS) OpenFeature.addHandler(event, notify);
  // Same origin (the CSP's connect-src 'self'); the OFREP client needs an absolute base URL.
  const provider = new OFREPWebProvider({ baseUrl: window.location.origin, timeoutMs: 5000 });
  OpenFeature.setProvider(provider, initial);
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
  if (sameContext(next, context)) return;
  context = next;
  if (!started) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    void OpenFeature.setContext(context);
  }, CONTEXT_DEBOUNCE_MS);
}

/** For useSyncExternalStore: called whenever the provider's answers may have changed. */
export function subscribeToFlags(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function flagsVersion(): number {
  return version;
}

/** The provider's value, or the default while it has none (not loaded, failed, no such flag). */
export function remoteString(key: string, defaultValue: string): string {
  return client.getStringValue(key, defaultValue);
}

export function remoteBoolean(key: string, defaultValue: boolean): boolean {
  return client.getBooleanValue(key, defaultValue);
}

/** Tests: stop the provider and forget the context. */
export async function resetFlagClient(): Promise<void> {
  clearTimeout(timer);
  for (const event of CHANGE_EVENTS) OpenFeature.removeHandler(event, notify);
  started = false;
  context = {};
  await OpenFeature.clearProviders();
  await OpenFeature.clearContext();
  notify();
}
