import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, on, type RecordedCall } from '../test/fetch-mock';
import {
  type AnalyticsEvent,
  clearAnalytics,
  FLUSH_AT,
  FLUSH_INTERVAL_MS,
  identify,
  RETRY_DELAY_MS,
  readQueue,
  startAnalytics,
  track,
} from './analytics';

type Batch = { batch: AnalyticsEvent[]; sentAt: string };

const posted = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === '/v2/events').map((call) => call.body as Batch);
const names = (batch: Batch | undefined) =>
  (batch?.batch ?? []).map((event) =>
    event.type === 'track'
      ? event.event
      : event.type === 'page'
        ? `page ${event.name}`
        : 'identify',
  );

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob ?? new Blob());
  });
}

describe('analytics sending', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/app/join/step1?token=secret');
  });
  afterEach(() => {
    clearAnalytics();
    vi.useRealTimers();
  });

  it('sends Segment-shaped events in one batch every few seconds', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 202, body: { accepted: 2 } }));
    startAnalytics();
    track('Join Step Completed', { step: 1 });
    expect(posted(calls)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    const [batch] = posted(calls);
    expect(names(batch)).toEqual(['page /app/join/step1', 'Join Step Completed']);
    const event = batch?.batch[1];
    expect(event).toEqual({
      type: 'track',
      event: 'Join Step Completed',
      properties: { step: 1 },
      anonymousId: expect.any(String),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageId: expect.any(String),
      // The path only: a query string can hold a token.
      context: { page: { path: '/app/join/step1' } },
    });
    expect(batch?.batch[0]?.messageId).not.toBe(event?.messageId);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(readQueue()).toHaveLength(0);
  });

  it('sends at once when 20 events are waiting', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 202, body: {} }));
    startAnalytics();
    for (let i = 1; i < FLUSH_AT; i += 1) track('Clicked', { i });
    await vi.advanceTimersByTimeAsync(0);
    expect(posted(calls)).toHaveLength(1);
    expect(posted(calls)[0]?.batch).toHaveLength(FLUSH_AT);
  });

  it('records a page view for each new path', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 202, body: {} }));
    startAnalytics();
    window.history.pushState(null, '', '/app/join/step2');
    window.history.replaceState(null, '', '/app/join/step2?x=1');
    window.history.pushState(null, '', '/app/join/step3');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(names(posted(calls)[0])).toEqual([
      'page /app/join/step1',
      'page /app/join/step2',
      'page /app/join/step3',
    ]);
  });

  it('adds the userId to every event after identify', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 202, body: {} }));
    startAnalytics();
    track('Before');
    identify('user-1', { kind: 'PARENT' });
    track('After');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    const events = posted(calls)[0]?.batch ?? [];
    expect(events.map((event) => event.userId)).toEqual([undefined, undefined, 'user-1', 'user-1']);
    expect(events[2]).toMatchObject({ type: 'identify', traits: { kind: 'PARENT' } });
  });

  it('sends the queue with sendBeacon (a JSON Blob) when the page is hidden or left', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 202, body: {} }));
    const beacons: { url: string; blob: Blob }[] = [];
    const sendBeacon = vi.fn((url: string, blob: Blob) => {
      beacons.push({ url, blob });
      return true;
    });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    startAnalytics();
    track('Pay Now Clicked');

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    track('Subscription Created');
    window.dispatchEvent(new Event('pagehide'));

    expect(beacons.map((beacon) => beacon.url)).toEqual(['/v2/events', '/v2/events']);
    expect(beacons[0]?.blob.type).toBe('application/json');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(posted(calls)).toHaveLength(0);
    vi.useRealTimers();
    const first = JSON.parse(await readBlob(beacons[0]?.blob)) as Batch;
    const second = JSON.parse(await readBlob(beacons[1]?.blob)) as Batch;
    expect(names(first)).toEqual(['page /app/join/step1', 'Pay Now Clicked']);
    expect(names(second)).toEqual(['Subscription Created']);
  });

  it('sends a failed batch once more later, then gives up; never throws', async () => {
    let attempts = 0;
    const { calls } = mockFetch(
      on('POST', '/v2/events', () => {
        attempts += 1;
        return { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } };
      }),
    );
    startAnalytics();
    track('Checkout Step Viewed', { step: 1 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(attempts).toBe(2);
    const [first, retry] = posted(calls);
    expect(retry?.batch).toEqual(first?.batch);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3);
    expect(attempts).toBe(2);
  });

  it('retries after a network failure and succeeds', async () => {
    let isDown = true;
    // While down, no handler answers: the mock fails like a network error.
    const { calls } = mockFetch((call) =>
      isDown || call.url !== '/v2/events' ? undefined : { status: 202, body: {} },
    );
    startAnalytics();
    track('Back Clicked');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    isDown = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(posted(calls)).toHaveLength(2);
    expect(names(posted(calls)[1])).toEqual(['page /app/join/step1', 'Back Clicked']);
  });

  it('does not send a batch the server refused (4xx) again', async () => {
    const { calls } = mockFetch(on('POST', '/v2/events', { status: 422, body: {} }));
    startAnalytics();
    track('Odd');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS + RETRY_DELAY_MS * 2);
    expect(posted(calls)).toHaveLength(1);
  });
});
