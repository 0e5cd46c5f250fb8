import { getAnonymousId } from './anonymous-id';
import { randomId } from './random-id';
import { readStorage, removeStorage, writeStorage } from './storage';

// Segment-shaped track/identify/page. Every event is kept in a queue and pushed to
// window.__analyticsEvents (browser tests read it). Once started (in the built app, at load), the
// queue is sent to POST /v2/events in batches: every few seconds or at 20 events, with fetch
// keepalive, and with navigator.sendBeacon when the page is hidden or left. A batch that fails is
// sent once more later, then dropped. Nothing here ever throws into the page.
// Unit tests do not start sending (nothing leaves a jsdom test); analytics.test.ts starts it.

type AnalyticsProperties = Record<string, unknown>;

/** Segment's `context`: the path the event happened on (never the query string: it can hold tokens). */
type AnalyticsContext = { page: { path: string } };

type Common = {
  anonymousId: string;
  userId?: string;
  timestamp: string;
  messageId: string;
  context: AnalyticsContext;
};

export type AnalyticsEvent =
  | ({ type: 'track'; event: string; properties: AnalyticsProperties } & Common)
  | ({ type: 'identify'; traits: AnalyticsProperties } & Common)
  | ({ type: 'page'; name: string; properties: AnalyticsProperties } & Common);

type Listener = (event: AnalyticsEvent) => void;

declare global {
  interface Window {
    __analyticsEvents?: AnalyticsEvent[];
  }
}

const EVENTS_ENDPOINT = '/v2/events';
/** Events per request (the server takes up to 100; 20 keeps a beacon well under its 64 KB). */
export const FLUSH_AT = 20;
export const FLUSH_INTERVAL_MS = 5000;
export const RETRY_DELAY_MS = 15_000;
/** The user id of the last identify (Segment keeps it across pages too). */
const USER_ID_KEY = 'coparent.analyticsUserId';

const queue: AnalyticsEvent[] = [];
const listeners = new Set<Listener>();
let isSending = false;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** Batches that failed once: sent again after RETRY_DELAY_MS, then dropped if they fail again. */
let retryBatches: AnalyticsEvent[][] = [];
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopWatching: (() => void) | undefined;

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

function common(): Common {
  const userId = readStorage('local', USER_ID_KEY) ?? undefined;
  return {
    anonymousId: getAnonymousId(),
    ...(userId ? { userId } : {}),
    timestamp: new Date().toISOString(),
    messageId: randomId(),
    context: { page: { path: currentPath() } },
  };
}

function record(event: AnalyticsEvent): void {
  try {
    queue.push(event);
    if (typeof window !== 'undefined') {
      window.__analyticsEvents ??= [];
      window.__analyticsEvents.push(event);
    }
    for (const listener of listeners) listener(event);
    if (isSending) scheduleFlush();
  } catch {
    // Analytics never break the page.
  }
}

export function track(event: string, properties: AnalyticsProperties = {}): void {
  record({ type: 'track', event, properties, ...common() });
}

/** Ties later events to `userId` (kept in localStorage); traits describe the user. */
export function identify(userId?: string, traits: AnalyticsProperties = {}): void {
  if (userId) writeStorage('local', USER_ID_KEY, userId);
  record({ type: 'identify', traits, ...common() });
}

/** A page view: its name is the path (the funnel report counts screens by it). */
export function page(): void {
  const path = currentPath();
  record({ type: 'page', name: path, properties: { path }, ...common() });
}

/** Calls the listener for every later event; returns the unsubscribe function. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The events not yet sent (read-only view; tests read it). */
export function readQueue(): readonly AnalyticsEvent[] {
  return [...queue];
}

// ── Sending ────────────────────────────────────────────────────────────────────────────────────

function body(batch: readonly AnalyticsEvent[]): string {
  return JSON.stringify({ batch, sentAt: new Date().toISOString() });
}

function scheduleFlush(): void {
  if (queue.length >= FLUSH_AT) {
    void flush();
    return;
  }
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    void flush();
  }, FLUSH_INTERVAL_MS);
}

function scheduleRetry(): void {
  retryTimer ??= setTimeout(() => {
    retryTimer = undefined;
    const batches = retryBatches;
    retryBatches = [];
    for (const batch of batches) void post(batch, { isRetry: true });
  }, RETRY_DELAY_MS);
}

/** Server errors, rate limits and network failures are worth one more try; a 4xx refusal is not. */
function isRetryable(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

async function post(batch: AnalyticsEvent[], { isRetry }: { isRetry: boolean }): Promise<void> {
  let status = 0;
  try {
    const response = await fetch(EVENTS_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body(batch),
      keepalive: true,
      credentials: 'same-origin',
    });
    status = response.status;
  } catch {
    status = 0;
  }
  if (status >= 200 && status < 300) return;
  if (!isRetry && isRetryable(status)) {
    retryBatches.push(batch);
    scheduleRetry();
  }
}

/** Sends everything queued now, in batches of FLUSH_AT (fetch keepalive). */
export async function flush(): Promise<void> {
  if (flushTimer) {
    clearTimeout(flushTimer);
    flushTimer = undefined;
  }
  const sends: Promise<void>[] = [];
  while (queue.length > 0) sends.push(post(queue.splice(0, FLUSH_AT), { isRetry: false }));
  await Promise.all(sends);
}

/**
 * The page is going away (or hidden, which on mobile may be the last chance): hand the queue and
 * the batches awaiting a retry to the browser with sendBeacon, which outlives the page. A Blob of
 * type application/json, since the server refuses text/plain bodies.
 */
function beaconAll(): void {
  const batches = [...retryBatches];
  retryBatches = [];
  while (queue.length > 0) batches.push(queue.splice(0, FLUSH_AT));
  for (const batch of batches) {
    let isQueued = false;
    try {
      const blob = new Blob([body(batch)], { type: 'application/json' });
      isQueued = navigator.sendBeacon?.(EVENTS_ENDPOINT, blob) ?? false;
    } catch {
      isQueued = false;
    }
    if (!isQueued) void post(batch, { isRetry: true });
  }
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') beaconAll();
}

/** Records a page view now and on every later change of path (history API and back/forward). */
function watchPages(): () => void {
  let lastPath = currentPath();
  page();
  const check = () => {
    if (currentPath() === lastPath) return;
    lastPath = currentPath();
    page();
  };
  const { history } = window;
  const originals = { pushState: history.pushState, replaceState: history.replaceState };
  for (const method of ['pushState', 'replaceState'] as const) {
    history[method] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const result = originals[method].apply(this, args);
      try {
        check();
      } catch {
        // Analytics never break navigation.
      }
      return result;
    };
  }
  window.addEventListener('popstate', check);
  return () => {
    history.pushState = originals.pushState;
    history.replaceState = originals.replaceState;
    window.removeEventListener('popstate', check);
  };
}

/** Starts sending (and page views): the built app does it at load. Returns the stop function. */
export function startAnalytics(): () => void {
  if (isSending || typeof window === 'undefined') return stopAnalytics;
  isSending = true;
  window.addEventListener('pagehide', beaconAll);
  document.addEventListener('visibilitychange', onVisibilityChange);
  stopWatching = watchPages();
  if (queue.length > 0) scheduleFlush();
  return stopAnalytics;
}

function stopAnalytics(): void {
  if (!isSending) return;
  isSending = false;
  window.removeEventListener('pagehide', beaconAll);
  document.removeEventListener('visibilitychange', onVisibilityChange);
  stopWatching?.();
  stopWatching = undefined;
  clearTimeout(flushTimer);
  clearTimeout(retryTimer);
  flushTimer = undefined;
  retryTimer = undefined;
}

export function clearAnalytics(): void {
  stopAnalytics();
  queue.length = 0;
  retryBatches = [];
  if (typeof window !== 'undefined') {
    window.__analyticsEvents = [];
    removeStorage('local', USER_ID_KEY);
  }
}

if (import.meta.env.MODE !== 'test' && typeof window !== 'undefined') startAnalytics();
