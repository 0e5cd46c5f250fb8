import { getAnonymousId } from './anonymous-id';

// Segment-shaped track/identify. Events are queued in memory; a later issue sends the queue to
// /v2/events. Each event is also pushed to window.__analyticsEvents so browser tests can observe it.

export type AnalyticsProperties = Record<string, unknown>;

export type AnalyticsEvent =
  | {
      type: 'track';
      event: string;
      properties: AnalyticsProperties;
      anonymousId: string;
      timestamp: string;
    }
  | {
      type: 'identify';
      userId?: string;
      traits: AnalyticsProperties;
      anonymousId: string;
      timestamp: string;
    };

type Listener = (event: AnalyticsEvent) => void;

declare global {
  interface Window {
    __analyticsEvents?: AnalyticsEvent[];
  }
}

const queue: AnalyticsEvent[] = [];
const listeners = new Set<Listener>();

function record(event: AnalyticsEvent): void {
  queue.push(event);
  if (typeof window !== 'undefined') {
    window.__analyticsEvents ??= [];
    window.__analyticsEvents.push(event);
  }
  for (const listener of listeners) listener(event);
}

export function track(event: string, properties: AnalyticsProperties = {}): void {
  record({
    type: 'track',
    event,
    properties,
    anonymousId: getAnonymousId(),
    timestamp: new Date().toISOString(),
  });
}

export function identify(userId?: string, traits: AnalyticsProperties = {}): void {
  record({
    type: 'identify',
    ...(userId ? { userId } : {}),
    traits,
    anonymousId: getAnonymousId(),
    timestamp: new Date().toISOString(),
  });
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

/** Removes and returns the queued events (the sender of a later issue uses it). */
export function drainQueue(): AnalyticsEvent[] {
  return queue.splice(0, queue.length);
}

export function clearAnalytics(): void {
  queue.length = 0;
  if (typeof window !== 'undefined') window.__analyticsEvents = [];
}
